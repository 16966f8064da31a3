import type { CountryCode } from '@tranche/shared/country/iso-3166';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { Currency } from '@tranche/shared/money';
import {
  type Branding,
  CONFIG_SECTIONS,
  DEFAULT_SEALED_RETENTION_YEARS,
  type DisplayRate,
  FEATURES,
  type GpSettings,
  type LpSettings,
} from '@tranche/shared/tenant/tenant.schema';
import { keys } from '#lib/db/keys';
import { newId } from '#lib/ids';

/**
 * The items a tenant starts with: its record (every configuration section with a fresh revision),
 * LP and GP settings (version 1) and its directory items. One builder for every way a tenant comes
 * to exist, the operator's POST /tenants and the local demo seed, so both shape it alike.
 */
export interface NewTenant {
  prefix: string;
  /** Custom domains (directory items and the tenant's `domains`). */
  domains: string[];
  /** Extra host names that resolve to the tenant without being its custom domains (local stand-ins). */
  hosts?: string[];
  branding: Branding;
  /** The first is the default unless `defaultLanguage` says otherwise. */
  languages: Lang[];
  defaultLanguage?: Lang;
  /** The first is the base (reporting) currency; every other one needs a display rate. */
  currencies: Currency[];
  displayRates: DisplayRate[];
  /** Countries whose investors may sign up; none closes sign-up until an admin opens some. */
  openCountries: CountryCode[];
}

export const DEFAULT_LP_SETTINGS: Omit<LpSettings, 'openCountries'> = {
  signUpEnabled: true,
  mfaMethods: ['authenticator', 'email', 'sms'],
  loginFrequencyLimit: { enabled: false, maxAttempts: 10 },
  showPoliciesOnSignUp: true,
  defaultViewType: 'CARD',
};

export const DEFAULT_GP_SETTINGS: GpSettings = {
  requireMfaForGp: false,
  fourEyesApproval: true,
  capitalCallNoticeBusinessDays: 10,
  sealedRetentionYears: DEFAULT_SEALED_RETENTION_YEARS,
};

/** Every feature but the IRA custodian, which needs a custodian agreement before it is switched on. */
export const defaultFeatures = () => Object.fromEntries(FEATURES.map((f) => [f, f !== 'ira']));

/** The tenant record, its settings and directory items, in that order. */
export const newTenantItems = (tenantId: string, t: NewTenant, at: string): Record<string, unknown>[] => [
  {
    ...keys.tenant(tenantId),
    ...keys.platformTenant(at, tenantId),
    type: 'TENANT',
    tenantId,
    prefix: t.prefix,
    domains: t.domains,
    branding: t.branding,
    languages: t.languages,
    defaultLanguage: t.defaultLanguage ?? t.languages[0],
    currencies: t.currencies,
    defaultCurrency: t.currencies[0],
    displayRates: t.displayRates,
    features: defaultFeatures(),
    revisions: Object.fromEntries(CONFIG_SECTIONS.map((section) => [section, newId()])),
    createdAt: at,
  },
  {
    ...keys.lpSettings(tenantId),
    type: 'SETTINGS',
    settings: { ...DEFAULT_LP_SETTINGS, openCountries: t.openCountries } satisfies LpSettings,
    version: 1,
  },
  { ...keys.gpSettings(tenantId), type: 'SETTINGS', settings: DEFAULT_GP_SETTINGS, version: 1 },
  { ...keys.prefixDirectory(t.prefix), type: 'DIRECTORY', tenantId },
  ...[...(t.hosts ?? []), ...t.domains].map((host) => ({ ...keys.hostDirectory(host), type: 'DIRECTORY', tenantId })),
];

/** Up to four capitals from the name's words ("Acme Capital" -> "AC"), else its first two characters. */
export const logoTextOf = (name: string): string => {
  const initials = name
    .split(/\s+/)
    .map((word) => word.match(/\p{L}|\p{N}/u)?.[0] ?? '')
    .join('')
    .toUpperCase()
    .slice(0, 4);
  return initials.length >= 2 ? initials : [...name.trim()].slice(0, 2).join('').toUpperCase() || 'T';
};
