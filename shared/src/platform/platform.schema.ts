import { IsoDateTimeSchema, LangSchema, PageQuerySchema, pageOf, safeText } from '../common.schema.js';
import { LANGS } from '../i18n/langs.js';
import * as z from '../lazy-zod.js';
import { CurrencySchema } from '../money.js';
import { NewTenantPrefixSchema, TenantPrefixSchema } from '../tenant/tenant.schema.js';
import { EmailSchema } from '../user/user.schema.js';

/**
 * The platform operator's routes (`/tenants`): create a tenant with its first owner, list tenants.
 * A new tenant offers the languages given (default: every supported one) and one currency, its base:
 * further currencies need display rates, which its admins set in the console like any other change.
 */
export const CreateTenantSchema = z
  .strictObject({
    /** The portal's display name (branding). */
    name: safeText({ max: 80 }),
    prefix: NewTenantPrefixSchema,
    languages: z
      .array(LangSchema)
      .min(1)
      .default([...LANGS]),
    defaultLanguage: LangSchema.optional(),
    baseCurrency: CurrencySchema.default('USD'),
    owner: z.strictObject({
      email: EmailSchema,
      displayName: safeText({ max: 100 }),
    }),
  })
  .superRefine((v, ctx) => {
    if (new Set(v.languages).size !== v.languages.length)
      ctx.addIssue({ code: 'custom', path: ['languages'], message: 'Each language once' });
    if (v.defaultLanguage && !v.languages.includes(v.defaultLanguage))
      ctx.addIssue({ code: 'custom', path: ['defaultLanguage'], message: 'The default must be an offered language' });
  });
export type CreateTenant = z.output<typeof CreateTenantSchema>;

/** A tenant as the operator sees it. */
export const PlatformTenantSchema = z.object({
  tenantId: z.string(),
  prefix: TenantPrefixSchema,
  name: z.string(),
  domains: z.array(z.string()),
  defaultLanguage: LangSchema,
  defaultCurrency: CurrencySchema,
  createdAt: IsoDateTimeSchema.optional(),
});
export type PlatformTenant = z.infer<typeof PlatformTenantSchema>;

/** POST /tenants answers the tenant and where its first owner was invited. */
export const CreatedTenantSchema = z.object({
  tenant: PlatformTenantSchema,
  owner: z.object({ userId: z.string(), email: z.string(), inviteStatus: z.string() }),
  /** The portal's address for this tenant (its prefix path), where the owner signs in once activated. */
  portalUrl: z.string(),
});

export const ListTenantsQuerySchema = PageQuerySchema;
export const PlatformTenantListSchema = pageOf(PlatformTenantSchema);
