import { IdSchema, IsoDateTimeSchema, PageQuerySchema, pageOf, safeText } from '../common.schema.js';
import { ACCOUNT_INVITE_STATUSES, SUBSCRIPTION_TYPES } from '../enums.js';
import * as z from '../lazy-zod.js';
import { AmountSchema, CurrencySchema } from '../money.js';
import { SUBSCRIPTION_STATUSES } from './statuses.js';
import { SUBSCRIPTION_EVENTS } from './subscription-lifecycle.js';

/**
 * The subscription API (issue 13; routes in shared/src/http/routes/subscription.routes.ts, handlers
 * in functions/src/subscription/, docs/subscriptions.md "Server"). The record, its list, the actions
 * of the lifecycle, the two-step submission with its NIGO firewall, documents, and the manager's
 * view of one investor.
 */

export const SubscriptionTypeSchema = z.enum(SUBSCRIPTION_TYPES);
export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export const SubscriptionEventSchema = z.enum(SUBSCRIPTION_EVENTS);

export const SubscriptionIdParamsSchema = z.strictObject({ subscriptionId: IdSchema });

/** Who signed on the investor's side: the holder, a joint co-holder, an entity's authorised signatory. */
export const SIGNER_ROLES = ['HOLDER', 'CO_HOLDER', 'SIGNATORY'] as const;
export const SignerRoleSchema = z.enum(SIGNER_ROLES);
export type SignerRole = z.infer<typeof SignerRoleSchema>;

/**
 * Why a document is on a subscription: one of the fund's mandatory documents (the tenant's list),
 * one the manager asked for in review (AWAITING_ADDITIONAL_DOCUMENTS), or the signed paper order of
 * an Add manually entry (OFFLINE_SIGNING).
 */
export const SUBSCRIPTION_DOCUMENT_PURPOSES = ['MANDATORY', 'ADDITIONAL', 'SIGNED_ORDER'] as const;
export const SubscriptionDocumentPurposeSchema = z.enum(SUBSCRIPTION_DOCUMENT_PURPOSES);
export type SubscriptionDocumentPurpose = z.infer<typeof SubscriptionDocumentPurposeSchema>;

/** A key of the tenant's mandatory document list: letters, digits and underscores. */
export const DocKeySchema = z.string().regex(/^[A-Z][A-Z0-9_]{1,39}$/, 'Must be an upper-case key such as W8_BEN');

/** A step of the journey and the field in it that is missing (what the scenario reports, what NIGO names). */
export const PackageGapSchema = z.object({
  step: z.string().min(1).max(100),
  field: z.string().min(1).max(200),
});
export type PackageGap = z.infer<typeof PackageGapSchema>;

/** One NIGO failure: the step to fix, the field, and the catalogue code whose message says what is wrong. */
export const NigoFailureSchema = PackageGapSchema.extend({ code: z.string().min(1).max(60) });
export type NigoFailure = z.infer<typeof NigoFailureSchema>;

export const SubscriptionDocumentSchema = z.object({
  documentId: IdSchema,
  purpose: SubscriptionDocumentPurposeSchema,
  docKey: DocKeySchema.optional(),
  name: z.string(),
  fileName: z.string(),
  uploadedAt: IsoDateTimeSchema,
  uploadedBy: z.string(),
});
export type SubscriptionDocument = z.infer<typeof SubscriptionDocumentSchema>;

export const SignatureSchema = z.object({
  signerId: z.string(),
  role: SignerRoleSchema,
  signedAt: IsoDateTimeSchema,
});

export const SubscriptionHistoryEntrySchema = z.object({
  eventId: z.string(),
  action: z.string(),
  at: IsoDateTimeSchema,
  actorId: z.string(),
  from: SubscriptionStatusSchema.optional(),
  to: SubscriptionStatusSchema.optional(),
  reason: z.string().optional(),
});

/** A row of the list (the investor's home, the manager's queue). */
export const SubscriptionSummarySchema = z.object({
  subscriptionId: IdSchema,
  productId: IdSchema,
  type: SubscriptionTypeSchema,
  status: SubscriptionStatusSchema,
  amount: AmountSchema.optional(),
  currency: CurrencySchema,
  /** The fund's English name when the subscription was made (the list needs no product read). */
  fund: z.string(),
  investorUserId: z.string(),
  investorName: z.string(),
  profileId: IdSchema.optional(),
  shareClassId: IdSchema.optional(),
  version: z.number().int().min(1),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  /** A reservation request that does not fit the fund's capacity now: its place in the queue (1 = next). */
  waitlistPosition: z.number().int().min(1).optional(),
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummarySchema>;

/** One subscription as getSubscription answers it. */
/** One of a subscription's e-signature projects as its case page shows it (docs/subscriptions.md "Signing and countersigning"). */
export const SubscriptionSigningViewSchema = z.object({
  purpose: z.enum(['AGREEMENT', 'COUNTERSIGN']),
  projectId: IdSchema,
  state: z.enum(['SENT', 'COMPLETED', 'DECLINED', 'VOIDED', 'EXPIRED']),
  /** The project exists (made by the signing worker a moment after it is asked for): its signers may open it. */
  ready: z.boolean(),
  /** The sealed PDF can be downloaded (getSubscriptionAgreement). */
  sealed: z.boolean(),
  /** Why it ended unsigned (a decline's reason, a void's). */
  reason: z.string().optional(),
  signers: z.array(
    z.object({
      signerId: z.string(),
      party: z.enum(['INVESTOR', 'JOINT_HOLDER', 'SIGNATORY', 'GP']),
      name: z.string(),
      /** The signer's own account, who signs at /signing/<projectId>/<signerId> from their session. */
      userId: z.string().optional(),
    }),
  ),
});
export type SubscriptionSigningView = z.infer<typeof SubscriptionSigningViewSchema>;

export const SubscriptionSchema = SubscriptionSummarySchema.extend({
  createdBy: z.string(),
  submittedAt: IsoDateTimeSchema.optional(),
  decidedAt: IsoDateTimeSchema.optional(),
  /** The manager's last reason: of a refusal, a request for documents or changes. */
  reason: z.string().optional(),
  /** The manager's open request for more documents (AWAITING_ADDITIONAL_DOCUMENTS). */
  requestedDocuments: z
    .object({
      note: z.string(),
      at: IsoDateTimeSchema,
      /** The tenant's mandatory documents the manager named (fund-mandatory-docs); upload each. */
      docKeys: z.array(DocKeySchema).optional(),
    })
    .optional(),
  /** When it lapses if it stays in this status (docs/subscriptions.md "Expiry"). */
  expiresAt: IsoDateTimeSchema.optional(),
  signatures: z.array(SignatureSchema),
  /** What the scenario reported as still missing; absent until it reports ([] = complete). */
  scenario: z.object({ missing: z.array(PackageGapSchema) }).optional(),
  documents: z.array(SubscriptionDocumentSchema),
  /** Whether its amount counts against the fund's target size (allocated, or countersigned). */
  holdsCapacity: z.boolean(),
  /** The lifecycle events this viewer may fire now: the buttons. */
  allowedEvents: z.array(SubscriptionEventSchema),
  history: z.array(SubscriptionHistoryEntrySchema),
  /** Its e-signature projects: the investor side's agreement, then the countersignature (subs-sign). */
  esign: z.array(SubscriptionSigningViewSchema).optional(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** A five-minute link to the subscription's newest sealed agreement (countersigned when it is). */
export const SubscriptionAgreementLinkSchema = z.object({
  url: z.string(),
  expiresAt: IsoDateTimeSchema,
  fileName: z.string(),
  sha256: z.string(),
  countersigned: z.boolean(),
});

// ---- Create and list

export const CreateSubscriptionSchema = z.strictObject({
  productId: IdSchema,
  type: SubscriptionTypeSchema,
  /** Required for Reserve, Invest and Add manually; an expression of interest may indicate one. */
  amount: AmountSchema.optional(),
  shareClassId: IdSchema.optional(),
  /** The investor profile it is made with (one of the investor's). */
  profileId: IdSchema.optional(),
  /** Add manually only: the investor the manager records the paper order for. */
  investorUserId: IdSchema.optional(),
});
export type CreateSubscription = z.infer<typeof CreateSubscriptionSchema>;

export const SubscriptionListQuerySchema = PageQuerySchema.extend({
  status: SubscriptionStatusSchema.optional(),
  productId: IdSchema.optional(),
  type: SubscriptionTypeSchema.optional(),
});
export type SubscriptionListQuery = z.infer<typeof SubscriptionListQuerySchema>;
export const SubscriptionPageSchema = pageOf(SubscriptionSummarySchema);
export type SubscriptionPage = z.infer<typeof SubscriptionPageSchema>;

// ---- Actions

/** Events that refuse or send back need a reason the investor reads. */
export const REASON_REQUIRED: readonly string[] = ['REJECT', 'REQUEST_DOCUMENTS', 'REQUEST_CHANGES'];

export const SubscriptionActionSchema = z.strictObject({
  event: SubscriptionEventSchema,
  /** The version read: a change made meanwhile (a racing approval) is 409 VERSION_CONFLICT. */
  version: z.number().int().min(1),
  reason: safeText({ max: 1000, multiline: true }).optional(),
  /** REQUEST_DOCUMENTS: mandatory documents of the tenant's list to ask for by name. */
  docKeys: z.array(DocKeySchema).max(20).optional(),
});
export type SubscriptionAction = z.infer<typeof SubscriptionActionSchema>;

export const BulkApproveSchema = z.strictObject({
  items: z
    .array(z.strictObject({ subscriptionId: IdSchema, version: z.number().int().min(1) }))
    .min(1)
    .max(50),
});
export const BulkApproveResultSchema = z.object({
  results: z.array(
    z.union([
      z.object({ subscriptionId: IdSchema, ok: z.literal(true), status: SubscriptionStatusSchema }),
      z.object({ subscriptionId: IdSchema, ok: z.literal(false), code: z.string() }),
    ]),
  ),
});

// ---- Two-step submission (spec: SUCCESS, REPEATED_SUBMIT)

export const SubmitSubscriptionSchema = z.strictObject({
  step: z.enum(['PREPARE', 'SUBMIT']),
  version: z.number().int().min(1),
});
export const SubmitSubscriptionResultSchema = z.object({
  result: z.enum(['SUCCESS', 'REPEATED_SUBMIT']),
  subscription: SubscriptionSchema,
});

// ---- Documents

export const MandatoryDocSchema = z.strictObject({
  docKey: DocKeySchema,
  name: z.strictObject({ en: safeText({ max: 200 }), 'zh-CN': safeText({ max: 200 }).optional() }),
  /** Which investors must provide it; empty = every investor. */
  investorTypes: z.array(z.enum(['INDIVIDUAL', 'ENTITY', 'JOINT'])).max(3),
  /** Only for these funds; absent = every fund of the tenant. */
  productIds: z.array(IdSchema).max(100).optional(),
});
export type MandatoryDoc = z.infer<typeof MandatoryDocSchema>;

export const TenantIdParamsSchema = z.strictObject({ tenantId: IdSchema });
export const MandatoryDocListSchema = z.object({
  docs: z.array(MandatoryDocSchema).max(50),
  /** Send it back on PUT (0: none saved yet): a list changed meanwhile is 409 VERSION_CONFLICT. */
  version: z.number().int().min(0),
});
export type MandatoryDocList = z.infer<typeof MandatoryDocListSchema>;
export const PutMandatoryDocsSchema = z.strictObject({
  docs: z.array(MandatoryDocSchema).max(50),
  version: z.number().int().min(0),
});
export type PutMandatoryDocs = z.infer<typeof PutMandatoryDocsSchema>;

export const SubscriptionDocumentsSchema = z.object({
  /** The fund's mandatory documents that apply to this subscription's investor. */
  required: z.array(MandatoryDocSchema),
  documents: z.array(SubscriptionDocumentSchema),
});

export const AddSubscriptionDocumentSchema = z.strictObject({
  purpose: SubscriptionDocumentPurposeSchema,
  /** MANDATORY: which of the fund's mandatory documents it is. */
  docKey: DocKeySchema.optional(),
  /** A CLEAN file the caller uploaded through /files (its fileName). */
  fileName: z.string().min(1).max(200),
  name: safeText({ max: 200 }),
});
export type AddSubscriptionDocument = z.infer<typeof AddSubscriptionDocumentSchema>;

// ---- Prefill and CRM

export const ProductIdParamsSchema = z.strictObject({ productId: IdSchema });
export const PreviousInvestmentSchema = z.object({
  previous: z
    .object({
      subscriptionId: IdSchema,
      productId: IdSchema,
      type: SubscriptionTypeSchema,
      profileId: IdSchema.optional(),
      shareClassId: IdSchema.optional(),
      amount: AmountSchema.optional(),
      currency: CurrencySchema,
      createdAt: IsoDateTimeSchema,
    })
    .optional(),
});

export const PrincipalDetailQuerySchema = z.strictObject({ userId: IdSchema });
export const PrincipalDetailSchema = z.object({
  investor: z.object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    /** The account's state (invited, active, locked), as the investors list shows it. */
    inviteStatus: z.enum(ACCOUNT_INVITE_STATUSES),
  }),
  profiles: z.array(
    z.object({
      profileId: z.string(),
      type: z.string(),
      name: z.string(),
      state: z.string(),
      updatedAt: IsoDateTimeSchema,
    }),
  ),
  subscriptions: z.array(SubscriptionSummarySchema),
  activity: z.array(z.object({ at: IsoDateTimeSchema, action: z.string(), subjectId: z.string().optional() })),
});
