import { LANG_LABELS } from '@tranche/shared/i18n/langs';
import { MINOR_DIGITS } from '@tranche/shared/money';
import type { TenantInfo } from '@tranche/shared/tenant/tenant.schema';
import type { TenantRecord } from './tenant.repo.js';

/** The public face of a tenant: what any visitor of its portal may see. */
export const toTenantInfo = (t: TenantRecord): TenantInfo => ({
  tenantId: t.tenantId,
  prefix: t.prefix,
  domains: t.domains,
  branding: t.branding,
  languages: t.languages,
  defaultLanguage: t.defaultLanguage,
  currencies: t.currencies,
  defaultCurrency: t.defaultCurrency,
});

export const toI18nConfigs = (t: TenantRecord) => ({
  items: t.languages.map((lang) => ({ lang, label: LANG_LABELS[lang], isDefault: lang === t.defaultLanguage })),
});

export const toCurrencies = (t: TenantRecord) => ({
  items: t.currencies.map((code) => ({ code, isDefault: code === t.defaultCurrency, minorDigits: MINOR_DIGITS[code] })),
});
