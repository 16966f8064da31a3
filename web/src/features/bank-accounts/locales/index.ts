import { useFeatureLocales } from '@/i18n/feature-locales';
import { bankAccountsEn } from './en';
import { bankAccountsZhCN } from './zh-CN';

const BANK_ACCOUNTS_LOCALES = { en: bankAccountsEn, 'zh-CN': bankAccountsZhCN } as const;

/** The reveal's strings, loaded with the screens that show bank accounts. */
export const useBankAccountsLocales = () => useFeatureLocales(BANK_ACCOUNTS_LOCALES);
