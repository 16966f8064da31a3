import { HexColorSchema, IdSchema, IsoDateSchema, LangSchema, safeText } from '../common.schema.js';
import { CountryCodeSchema } from '../country/iso-3166.js';
import { MFA_METHODS } from '../enums.js';
import * as z from '../lazy-zod.js';
import { CurrencySchema } from '../money.js';
import { DEFAULT_SEALED_RETENTION_YEARS, SEALED_RETENTION_YEARS_RANGE } from '../signing/retention.js';
import { TENANT_PREFIX_PATTERN } from './prefix.js';

export const FEATURES = [
  'expressInterest',
  'reserve',
  'invest',
  'redemptions',
  'capitalCalls',
  'navReporting',
  'dataRoom',
  'chat',
  'esign',
  'ira',
] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * The parts of a tenant's configuration that change independently, each with its own revision so
 * that two admins working on different tabs do not conflict.
 */
export const CONFIG_SECTIONS = ['i18n', 'currency', 'features', 'branding', 'domain'] as const;
export type ConfigSection = (typeof CONFIG_SECTIONS)[number];

/**
 * The concurrency token of a configuration section: opaque (a ULID issued on every write), so a
 * write must name the revision it read and cannot succeed by guessing a counter.
 */
export const RevisionSchema = IdSchema;
export const RevisionsSchema = z.object(
  Object.fromEntries(CONFIG_SECTIONS.map((s) => [s, RevisionSchema])),
) as z.ZodObject<Record<ConfigSection, typeof RevisionSchema>>;

/** A tenant prefix: the short name in `/t/<prefix>/` URLs (what the portal resolves). */
export const TenantPrefixSchema = z.string().regex(TENANT_PREFIX_PATTERN, 'Lower-case letters, digits and dashes');

/**
 * Prefixes a tenant cannot take: they would shadow the platform's own paths and host names, or
 * read as something official.
 */
export const RESERVED_PREFIXES = [
  'admin',
  'api',
  'app',
  'assets',
  'auth',
  'cdn',
  'console',
  'docs',
  'gp',
  'help',
  'local',
  'login',
  'lp',
  'mail',
  'static',
  'status',
  'support',
  'system',
  't',
  'tenant',
  'tenants',
  'www',
] as const;

/** A prefix as a GP may set it: 2-31 characters, no dash at the end or twice in a row, not reserved. */
export const NewTenantPrefixSchema = z
  .string()
  .min(2)
  .max(31)
  .regex(/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single dashes, starting with a letter')
  .refine((v) => !(RESERVED_PREFIXES as readonly string[]).includes(v), 'This prefix is reserved');

/** A custom domain: a lower-case fully qualified host name (RFC 1123 labels, alphabetic top-level domain). */
export const HostNameSchema = z
  .string()
  .max(253)
  .regex(
    /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Must be a lower-case host name such as invest.example.com',
  );

export const MAX_CUSTOM_DOMAINS = 5;

const TaglineSchema = z.strictObject({
  en: safeText({ min: 0, max: 200 }),
  'zh-CN': safeText({ min: 0, max: 200 }).optional(),
});

/** The tenant's branding as a GP edits it. */
export const BrandingSchema = z.strictObject({
  displayName: safeText({ max: 80 }),
  primaryColor: HexColorSchema,
  logoText: safeText({ max: 4 }),
  tagline: TaglineSchema,
});
export type Branding = z.infer<typeof BrandingSchema>;

/** Branding as the portal receives it: with a short-lived link to the uploaded logo, if any. */
export const BrandingInfoSchema = BrandingSchema.extend({ logoUrl: z.string().optional() });
export type BrandingInfo = z.infer<typeof BrandingInfoSchema>;

/** What the portal needs before anyone signs in: GET /invest/client/get-tenant-info. */
export const TenantInfoSchema = z.object({
  tenantId: IdSchema,
  prefix: TenantPrefixSchema,
  domains: z.array(z.string()),
  branding: BrandingInfoSchema,
  languages: z.array(LangSchema).min(1),
  defaultLanguage: LangSchema,
  currencies: z.array(CurrencySchema).min(1),
  /** The base (reporting) currency; display rates are quoted against it. */
  defaultCurrency: CurrencySchema,
  /** The captcha the sign-up and reset forms show (deployment configuration); absent: none works. */
  captcha: z.object({ provider: z.enum(['recaptcha', 'test']), siteKey: z.string().optional() }).optional(),
});
export type TenantInfo = z.infer<typeof TenantInfoSchema>;

// ---- Languages

export const I18nConfigSchema = z.object({
  lang: LangSchema,
  label: z.string(),
  isDefault: z.boolean(),
});
export const I18nConfigsSchema = z.object({ items: z.array(I18nConfigSchema), revision: RevisionSchema });
export const I18nLangsSchema = z.object({ langs: z.array(LangSchema), defaultLanguage: LangSchema });

const hasDuplicates = (values: readonly unknown[]) => new Set(values).size !== values.length;

/** PUT /lp/tenant/i18n/configs: the offered languages (a subset of the supported ones) and the default among them. */
export const UpdateI18nConfigsSchema = z
  .strictObject({
    languages: z.array(LangSchema).min(1),
    defaultLanguage: LangSchema,
    revision: RevisionSchema,
  })
  .superRefine((v, ctx) => {
    if (hasDuplicates(v.languages))
      ctx.addIssue({ code: 'custom', path: ['languages'], message: 'Each language once' });
    if (!v.languages.includes(v.defaultLanguage))
      ctx.addIssue({ code: 'custom', path: ['defaultLanguage'], message: 'The default must be an offered language' });
  });

// ---- Features

export const FeatureTogglesSchema = z.strictObject(
  Object.fromEntries(FEATURES.map((f) => [f, z.boolean()])) as Record<Feature, z.ZodBoolean>,
);
export type FeatureToggles = z.infer<typeof FeatureTogglesSchema>;

export const FeaturesSchema = z.object({ features: FeatureTogglesSchema, revision: RevisionSchema });
export const UpdateFeaturesSchema = z.strictObject({ features: FeatureTogglesSchema, revision: RevisionSchema });

// ---- Currencies

export const CurrenciesSchema = z.object({
  items: z.array(z.object({ code: CurrencySchema, isDefault: z.boolean(), minorDigits: z.number().int() })),
});

/**
 * A display rate: how many units of `currency` one unit of the base currency buys. A positive decimal
 * string (never a float), up to 12 integer and 10 fraction digits.
 */
export const RateSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,11})(\.\d{1,10})?$/, 'Must be a positive decimal such as 7.8125')
  .refine((v) => !/^0(\.0+)?$/.test(v), 'Must be greater than zero');

export const DisplayRateSchema = z.strictObject({
  currency: CurrencySchema,
  rate: RateSchema,
  /** The day the rate was taken (maintained by hand: shown to investors beside converted amounts). */
  asOf: IsoDateSchema,
});
export type DisplayRate = z.infer<typeof DisplayRateSchema>;

/** How converted amounts are rounded to the target currency's minor units (DOMAIN.md, docs/decisions.md). */
export const DISPLAY_ROUNDING = 'HALF_EVEN' as const;

const currencyPolicyFields = {
  /** The base (reporting) currency. */
  baseCurrency: CurrencySchema,
  /** The currencies offered to investors (amounts may be shown in any of them); includes the base. */
  currencies: z.array(CurrencySchema).min(1).max(10),
  /** One rate for every offered currency other than the base. */
  rates: z.array(DisplayRateSchema).max(9),
};

export const CurrencyPolicyInputSchema = z.strictObject(currencyPolicyFields);
export type CurrencyPolicyInput = z.infer<typeof CurrencyPolicyInputSchema>;

/** The rules a currency policy must keep; each issue names the field at fault. */
const checkCurrencyPolicy = (v: CurrencyPolicyInput, ctx: z.RefinementCtx) => {
  if (hasDuplicates(v.currencies))
    ctx.addIssue({ code: 'custom', path: ['currencies'], message: 'Each currency once' });
  if (!v.currencies.includes(v.baseCurrency))
    ctx.addIssue({ code: 'custom', path: ['baseCurrency'], message: 'The base currency must be offered' });
  const seen = new Set<string>();
  v.rates.forEach((r, i) => {
    if (r.currency === v.baseCurrency)
      ctx.addIssue({ code: 'custom', path: ['rates', i, 'currency'], message: 'The base currency needs no rate' });
    else if (!v.currencies.includes(r.currency))
      ctx.addIssue({ code: 'custom', path: ['rates', i, 'currency'], message: 'Not an offered currency' });
    if (seen.has(r.currency))
      ctx.addIssue({ code: 'custom', path: ['rates', i, 'currency'], message: 'One rate per currency' });
    seen.add(r.currency);
  });
  v.currencies.forEach((c, i) => {
    if (c !== v.baseCurrency && !seen.has(c))
      ctx.addIssue({ code: 'custom', path: ['currencies', i], message: `No display rate for ${c}` });
  });
};

export const UpdateCurrencyPolicySchema = z
  .strictObject({ ...currencyPolicyFields, revision: RevisionSchema })
  .superRefine(checkCurrencyPolicy);

export const CurrencyPolicySchema = z.object({
  ...currencyPolicyFields,
  rounding: z.literal(DISPLAY_ROUNDING),
  revision: RevisionSchema,
});
export type CurrencyPolicy = z.infer<typeof CurrencyPolicySchema>;

// ---- Custom domain and prefix

export const DomainConfigSchema = z.object({
  prefix: TenantPrefixSchema,
  domains: z.array(z.string()),
  revision: RevisionSchema,
});

export const UpdateDomainSchema = z
  .strictObject({
    prefix: NewTenantPrefixSchema,
    domains: z.array(HostNameSchema).max(MAX_CUSTOM_DOMAINS),
    revision: RevisionSchema,
  })
  .superRefine((v, ctx) => {
    if (hasDuplicates(v.domains)) ctx.addIssue({ code: 'custom', path: ['domains'], message: 'Each domain once' });
  });

// ---- Branding and logo

export const LOGO_MAX_BYTES = 512 * 1024;
/** Raster formats only: an SVG can carry script, and a logo does not need it. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

export const CreateLogoUploadSchema = z.strictObject({
  contentType: z.enum(LOGO_TYPES),
  size: z.number().int().min(1).max(LOGO_MAX_BYTES),
});

/** A presigned PUT: the browser sends the file to `url` with exactly these headers. */
export const LogoUploadSchema = z.object({
  uploadId: IdSchema,
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
  maxBytes: z.number().int(),
});

export const LogoChangeSchema = z.union([
  z.literal('keep'),
  z.literal('remove'),
  /** Use the file uploaded with this upload id (checked: type by its first bytes, size). */
  z.strictObject({ uploadId: IdSchema }),
]);

export const UpdateBrandingSchema = BrandingSchema.extend({
  logo: LogoChangeSchema,
  revision: RevisionSchema,
});

export const BrandingWarningSchema = z.object({
  field: z.literal('primaryColor'),
  code: z.enum(['lowContrastOnWhite']),
  /** The contrast ratio found, e.g. `2.91` (WCAG asks 4.5 for text). */
  ratio: z.string(),
});
export type BrandingWarning = z.infer<typeof BrandingWarningSchema>;

export const BrandingConfigSchema = z.object({
  branding: BrandingInfoSchema,
  revision: RevisionSchema,
  warnings: z.array(BrandingWarningSchema),
});

// ---- Everything the console's settings area shows: GET /tenant

export const TenantConfigSchema = z.object({
  tenantId: IdSchema,
  prefix: TenantPrefixSchema,
  domains: z.array(z.string()),
  branding: BrandingInfoSchema,
  brandingWarnings: z.array(BrandingWarningSchema),
  languages: z.array(LangSchema).min(1),
  defaultLanguage: LangSchema,
  currencyPolicy: CurrencyPolicyInputSchema.extend({ rounding: z.literal(DISPLAY_ROUNDING) }),
  features: FeatureTogglesSchema,
  revisions: RevisionsSchema,
});
export type TenantConfig = z.infer<typeof TenantConfigSchema>;

// ---- LP and GP settings

/** Login frequency limit (spec §8): after `maxAttempts` failures the user must contact the account manager. */
export const FrequencyLimitSchema = z.strictObject({
  enabled: z.boolean(),
  maxAttempts: z.number().int().min(3).max(20),
});

/** LP-side settings: what investors of this tenant may do. */
export const LpSettingsSchema = z
  .strictObject({
    signUpEnabled: z.boolean(),
    mfaMethods: z.array(z.enum(MFA_METHODS)).min(1),
    loginFrequencyLimit: FrequencyLimitSchema,
    showPoliciesOnSignUp: z.boolean(),
    defaultViewType: z.enum(['LIST', 'CARD']),
    /**
     * The countries whose investors this tenant serves (ISO 3166-1 alpha-2). Any other country
     * answers `countryIsNotOpen`; an empty list closes the portal to every country.
     */
    openCountries: z.array(CountryCodeSchema).max(249),
  })
  .superRefine((v, ctx) => {
    if (hasDuplicates(v.openCountries))
      ctx.addIssue({ code: 'custom', path: ['openCountries'], message: 'Each country once' });
  });
export type LpSettings = z.infer<typeof LpSettingsSchema>;

/** GP-side settings: how the fund manager's team works. */
export const GpSettingsSchema = z.strictObject({
  requireMfaForGp: z.boolean(),
  fourEyesApproval: z.boolean(),
  capitalCallNoticeBusinessDays: z.number().int().min(0).max(60),
  /**
   * How many years a sealed (e-signed) PDF is kept unchangeable under S3 Object Lock, counted from
   * the project's completion (docs/signing.md). Optional so that documents stored before it existed,
   * and clients that do not know it, stay valid: absent means `DEFAULT_SEALED_RETENTION_YEARS`.
   * A change applies to documents sealed afterwards; Object Lock in compliance mode cannot shorten
   * a retention already set.
   */
  sealedRetentionYears: z
    .number()
    .int()
    .min(SEALED_RETENTION_YEARS_RANGE.min)
    .max(SEALED_RETENTION_YEARS_RANGE.max)
    .optional(),
});
export type GpSettings = z.infer<typeof GpSettingsSchema>;
export { DEFAULT_SEALED_RETENTION_YEARS, SEALED_RETENTION_YEARS_RANGE };

/** A settings document with its optimistic-concurrency version. */
export const versioned = <T extends z.ZodType>(settings: T) => z.object({ settings, version: z.number().int().min(1) });

export const LpSettingsDocSchema = versioned(LpSettingsSchema);
export const GpSettingsDocSchema = versioned(GpSettingsSchema);

/** A version the server handed out; bounded so that `version + 1` stays an exact integer. */
const SeenVersionSchema = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31);
export const UpdateLpSettingsSchema = z.strictObject({
  settings: LpSettingsSchema,
  version: SeenVersionSchema,
});
export const UpdateGpSettingsSchema = z.strictObject({
  settings: GpSettingsSchema,
  version: SeenVersionSchema,
});
