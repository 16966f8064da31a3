import { IdSchema, IsoDateTimeSchema, safeText, type TextRule } from '../common.schema.js';
import * as z from '../lazy-zod.js';
import { RevisionSchema } from './tenant.schema.js';

/** The documents a tenant shows its investors (spec §7 "Policies"). */
export const POLICY_KINDS = ['PRIVACY', 'TERMS', 'RISK_DISCLOSURE', 'COOKIES', 'COMPLAINTS', 'OTHER'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

/**
 * DRAFT: never published, only the GP team sees it. PUBLISHED: its current version is shown to
 * investors (the draft may hold unpublished changes). ARCHIVED: shown to nobody; its versions are kept.
 */
export const POLICY_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

export const POLICY_BODY_MAX = 20_000;

/** Plain text (paragraphs separated by blank lines), never HTML: English always, Chinese optional. */
const policyText = (rule: TextRule) => z.strictObject({ en: safeText(rule), 'zh-CN': safeText(rule).optional() });

export const PolicyContentSchema = z.strictObject({
  kind: z.enum(POLICY_KINDS),
  title: policyText({ max: 200 }),
  body: policyText({ max: POLICY_BODY_MAX, multiline: true }),
  /** Investors must accept it (e.g. at sign-up) rather than only be shown it. */
  requireAcceptance: z.boolean(),
});
export type PolicyContent = z.infer<typeof PolicyContentSchema>;

export const CreatePolicySchema = PolicyContentSchema;
export const UpdatePolicySchema = PolicyContentSchema.extend({ revision: RevisionSchema });
export const PublishPolicySchema = z.strictObject({ revision: RevisionSchema });

// Path parameters: a path cannot carry extra ones, so these are not strict.
export const PolicyIdParamsSchema = z.object({ policyId: IdSchema });
export const TenantPoliciesParamsSchema = z.object({ tenantId: IdSchema });

/** A published version: immutable once written. */
export const PolicyVersionSchema = PolicyContentSchema.extend({
  version: z.number().int().min(1),
  publishedAt: IsoDateTimeSchema,
});
export type PolicyVersion = z.infer<typeof PolicyVersionSchema>;

/** What investors see: the current version of each published policy. */
export const PublicPolicySchema = PolicyVersionSchema.extend({ policyId: IdSchema });
export type PublicPolicy = z.infer<typeof PublicPolicySchema>;
export const PublicPolicyListSchema = z.object({ items: z.array(PublicPolicySchema) });

export const CurrentPoliciesQuerySchema = z.strictObject({ kind: z.enum(POLICY_KINDS).optional() });
export const PolicySearchQuerySchema = z.strictObject({ q: safeText({ max: 100 }).optional() });

/** The GP team's view: draft, the published version if any, and the version history. */
export const GpPolicySchema = z.object({
  policyId: IdSchema,
  status: z.enum(POLICY_STATUSES),
  draft: PolicyContentSchema,
  published: PolicyVersionSchema.optional(),
  /** The draft differs from the published version (or nothing was published yet). */
  hasUnpublishedChanges: z.boolean(),
  versions: z.array(z.object({ version: z.number().int().min(1), publishedAt: IsoDateTimeSchema })),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  revision: RevisionSchema,
});
export type GpPolicy = z.infer<typeof GpPolicySchema>;
export const GpPolicyListSchema = z.object({ items: z.array(GpPolicySchema) });
