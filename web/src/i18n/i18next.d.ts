import 'i18next';
import type { accountEn } from '@/features/account/locales/en';
import type { authEn } from '@/features/auth/locales/en';
import type { bankAccountsEn } from '@/features/bank-accounts/locales/en';
import type { currencyEn } from '@/features/currency/locales/en';
import type { documentsEn } from '@/features/documents/locales/en';
import type { gpConsoleEn } from '@/features/gp-console/locales/en';
import type { gpKycEn } from '@/features/gp-kyc/locales/en';
import type { gpMoneyEn } from '@/features/gp-money/locales/en';
import type { gpProductsEn } from '@/features/gp-products/locales/en';
import type { gpSettingsEn } from '@/features/gp-settings/locales/en';
import type { gpSubscriptionsEn } from '@/features/gp-subscriptions/locales/en';
import type { inboxEn } from '@/features/inbox/locales/en';
import type { investorHomeEn } from '@/features/investor-home/locales/en';
import type { moneyLpEn } from '@/features/money-lp/locales/en';
import type { policiesEn } from '@/features/policies/locales/en';
import type { productPageEn } from '@/features/products/locales/page-en';
import type { profilesEn } from '@/features/profiles/locales/en';
import type { signingEn } from '@/features/signing/locales/en';
import type { subscriptionsEn } from '@/features/subscriptions/locales/en';
import type { en } from './locales/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The identity and console product screens' strings load with those screens (useFeatureLocales), not in the first download.
    resources: {
      translation: typeof en &
        typeof authEn &
        typeof accountEn &
        typeof gpConsoleEn &
        typeof gpKycEn &
        typeof gpProductsEn &
        typeof productPageEn &
        typeof gpSettingsEn &
        typeof policiesEn &
        typeof investorHomeEn &
        typeof currencyEn &
        typeof inboxEn &
        typeof documentsEn &
        typeof profilesEn &
        typeof bankAccountsEn &
        typeof signingEn &
        typeof subscriptionsEn &
        typeof moneyLpEn &
        typeof gpSubscriptionsEn &
        typeof gpMoneyEn;
    };
  }
}
