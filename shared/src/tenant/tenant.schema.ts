import * as z from 'zod';
import { HexColorSchema, IdSchema, LangSchema } from '../common.schema.js';
import { MFA_METHODS } from '../enums.js';
import { CurrencySchema } from '../money.js';

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

/** A tenant prefix: the short name in `/t/<prefix>/` URLs. */
export const TenantPrefixSchema = z.string().regex(/^[a-z][a-z0-9-]{1,30}$/, 'Lower-case letters, digits and dashes');

export const BrandingSchema = z.strictObject({
  displayName: z.string().min(1).max(80),
  primaryColor: HexColorSchema,
  logoText: z.string().min(1).max(4),
  tagline: z.object({ en: z.string().max(200), 'zh-CN': z.string().max(200).optional() }),
});

/** What the portal needs before anyone signs in: GET /invest/client/get-tenant-info. */
export const TenantInfoSchema = z.object({
  tenantId: IdSchema,
  prefix: TenantPrefixSchema,
  domains: z.array(z.string()),
  branding: BrandingSchema,
  languages: z.array(LangSchema).min(1),
  defaultLanguage: LangSchema,
  currencies: z.array(CurrencySchema).min(1),
  defaultCurrency: CurrencySchema,
});
export type TenantInfo = z.infer<typeof TenantInfoSchema>;

export const I18nConfigSchema = z.object({
  lang: LangSchema,
  label: z.string(),
  isDefault: z.boolean(),
});
export const I18nConfigsSchema = z.object({ items: z.array(I18nConfigSchema) });
export const I18nLangsSchema = z.object({ langs: z.array(LangSchema), defaultLanguage: LangSchema });

export const FeaturesSchema = z.object({
  features: z.record(z.enum(FEATURES), z.boolean()),
});

export const CurrenciesSchema = z.object({
  items: z.array(z.object({ code: CurrencySchema, isDefault: z.boolean(), minorDigits: z.number().int() })),
});

/** Login frequency limit (spec §8): after `maxAttempts` failures the user must contact the account manager. */
export const FrequencyLimitSchema = z.strictObject({
  enabled: z.boolean(),
  maxAttempts: z.number().int().min(3).max(20),
});

/** LP-side settings: what investors of this tenant may do. */
export const LpSettingsSchema = z.strictObject({
  signUpEnabled: z.boolean(),
  mfaMethods: z.array(z.enum(MFA_METHODS)).min(1),
  loginFrequencyLimit: FrequencyLimitSchema,
  showPoliciesOnSignUp: z.boolean(),
  defaultViewType: z.enum(['LIST', 'CARD']),
});
export type LpSettings = z.infer<typeof LpSettingsSchema>;

/** GP-side settings: how the fund manager's team works. */
export const GpSettingsSchema = z.strictObject({
  requireMfaForGp: z.boolean(),
  fourEyesApproval: z.boolean(),
  capitalCallNoticeBusinessDays: z.number().int().min(0).max(60),
});
export type GpSettings = z.infer<typeof GpSettingsSchema>;

/** A settings document with its optimistic-concurrency version. */
export const versioned = <T extends z.ZodObject>(settings: T) =>
  z.object({ settings, version: z.number().int().min(1) });

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
