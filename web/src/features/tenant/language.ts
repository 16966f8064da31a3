import type { Lang } from '@tranche/shared/i18n/langs';

/** The language to use once the tenant is known: the device's stored choice if the tenant offers it, else the tenant default. */
export const pickTenantLanguage = (
  tenant: { languages: readonly Lang[]; defaultLanguage: Lang },
  stored: Lang | undefined,
): Lang => (stored && tenant.languages.includes(stored) ? stored : tenant.defaultLanguage);
