import { IdSchema, IsoDateTimeSchema, PageQuerySchema, pageOf, safeText } from '../common.schema.js';
import * as z from '../lazy-zod.js';
import {
  KYC_CASE_EVENTS,
  KYC_CASE_STATUSES,
  KYC_DECISIONS,
  KYC_FINDINGS,
  type KycCaseStatus,
} from './kyc-case-lifecycle.js';
import { IDENTITY_OUTCOMES, KYC_RISK_RATINGS, RISK_FACTORS, SCREENING_RATINGS } from './kyc-risk.js';
import { ProfileTypeSchema, RequirementKindSchema } from './profile-enums.js';

/**
 * The manager's KYC review API (issue 11, deliver 5 and 6; routes in shared/src/http/routes/kyc.routes.ts,
 * handlers in functions/src/kyc/, docs/profiles.md "KYC review"): the queue of cases by status, one
 * case with everything screening and the identity check found, and the decision.
 */

export const KycCaseStatusSchema = z.enum(KYC_CASE_STATUSES);
export const KycDecisionSchema = z.enum(KYC_DECISIONS);
export const KycCaseEventSchema = z.enum(KYC_CASE_EVENTS);
export const KycFindingSchema = z.enum(KYC_FINDINGS);
export const ScreeningRatingSchema = z.enum(SCREENING_RATINGS);
export const IdentityOutcomeSchema = z.enum(IDENTITY_OUTCOMES);
export const KycRiskRatingSchema = z.enum(KYC_RISK_RATINGS);
export const RiskFactorSchema = z.enum(RISK_FACTORS);

/** Why the case was opened: the profile was submitted, or a new list matched an approved profile. */
export const KYC_TRIGGERS = ['SUBMISSION', 'RESCREEN'] as const;
export const KycTriggerSchema = z.enum(KYC_TRIGGERS);

/** A case id (ULID). */
export const KycCaseIdParamsSchema = z.strictObject({ caseId: IdSchema });

/** The queue: one status at a time (default IN_REVIEW), newest first, with the count of every status. */
export const KycQueueQuerySchema = PageQuerySchema.extend({
  status: KycCaseStatusSchema.optional(),
});
export type KycQueueQuery = z.infer<typeof KycQueueQuerySchema>;

/** One row of the queue. */
export const KycCaseSummarySchema = z.object({
  caseId: z.string(),
  profileId: z.string(),
  profileType: ProfileTypeSchema,
  /** The profile's name as it was when the case opened (the investor's legal name, or the entity's). */
  profileName: z.string(),
  /** The profile's owner (an LP user id). */
  ownerUserId: z.string(),
  status: KycCaseStatusSchema,
  trigger: KycTriggerSchema,
  riskRating: KycRiskRatingSchema,
  /** Worst screening rating over every subject. */
  screeningRating: ScreeningRatingSchema,
  matchCount: z.number().int().min(0),
  identityOutcome: IdentityOutcomeSchema,
  findings: z.array(KycFindingSchema),
  openedAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  /** Optimistic concurrency: send it back with a decision; a stale one is 409 VERSION_CONFLICT. */
  version: z.number().int().min(1),
});
export type KycCaseSummary = z.infer<typeof KycCaseSummarySchema>;

export const KycQueuePageSchema = pageOf(KycCaseSummarySchema).extend({
  status: KycCaseStatusSchema,
  /** How many cases each status holds now (the queue's tabs). */
  counts: z.record(KycCaseStatusSchema, z.number().int().min(0)),
});
export type KycQueuePage = z.infer<typeof KycQueuePageSchema>;

/** The list entry a subject matched, as the list gives it: shown side by side with the subject. */
export const ListedEntrySchema = z.object({
  entryId: z.string(),
  name: z.string(),
  aliases: z.array(z.string()),
  /** Possibly partial: "1975", "1975-03", "1975-03-14". */
  birthDates: z.array(z.string()),
  /** Lower-case ISO codes as the list writes them. */
  countries: z.array(z.string()),
  /** FollowTheMoney schema: Person, Company, Organization, ... */
  schema: z.string(),
  dataset: z.string(),
  /** Empty for a PEP or watch-list entry. */
  sanctions: z.array(z.string()),
});

export const KycMatchSchema = z.object({
  subjectId: z.string(),
  entry: ListedEntrySchema,
  /** 0..1, three decimals (docs/profiles.md "Score"). */
  score: z.number().min(0).max(1),
  rating: ScreeningRatingSchema,
  /** The list's name or alias that matched, and the subject's name that matched it. */
  matchedName: z.string(),
  subjectName: z.string(),
  fields: z.array(z.enum(['name', 'alias', 'birthDate', 'country'])),
  birthDate: z.enum(['match', 'near', 'mismatch', 'unknown']),
});
export type KycMatch = z.infer<typeof KycMatchSchema>;

/** Who was screened: the investor (or the entity itself) and every person of an entity or joint profile. */
export const KycSubjectSchema = z.object({
  subjectId: z.string(),
  /** PROFILE: the investor or entity itself; otherwise the person's role(s) in the profile. */
  role: z.string(),
  kind: z.enum(['person', 'organisation']),
  name: z.string(),
  aliases: z.array(z.string()),
  birthDate: z.string().optional(),
  countries: z.array(z.string()),
  rating: ScreeningRatingSchema,
  matches: z.array(KycMatchSchema),
});
export type KycSubject = z.infer<typeof KycSubjectSchema>;

export const IdentityCheckSchema = z.object({
  outcome: IdentityOutcomeSchema,
  /** Which adapter answered (SANDBOX here; a vendor's name in production). */
  provider: z.string(),
  /** The provider's reference for the check, to look it up on their side. */
  reference: z.string(),
  /** Why, in the provider's words (codes), e.g. DOCUMENT_NUMBER_INVALID. */
  reasons: z.array(z.string()),
  checkedAt: IsoDateTimeSchema,
});
export type IdentityCheck = z.infer<typeof IdentityCheckSchema>;

/** What the manager asked the investor for (REQUEST_DOCUMENTS). */
export const DocumentsRequestSchema = z
  .strictObject({
    kinds: z.array(RequirementKindSchema).max(19).default([]),
    note: safeText({ max: 1000, multiline: true }).optional(),
  })
  .refine((v) => v.kinds.length > 0 || v.note !== undefined, {
    message: 'Name at least one document kind or describe what is needed',
    path: ['kinds'],
  });
export type DocumentsRequest = z.infer<typeof DocumentsRequestSchema>;

/** One entry of the case's audit trail, oldest first. */
export const KycHistoryEntrySchema = z.object({
  eventId: z.string(),
  /** The event's name: KYC_CASE_OPENED, KYC_CASE_DECIDED, KYC_CASE_DOCUMENTS_ADDED, KYC_CASE_RESCREENED. */
  action: z.string(),
  at: IsoDateTimeSchema,
  /** The user who acted, or SYSTEM. */
  actorId: z.string(),
  /** The acting user's display name (now), when they are a user of the tenant. */
  actorName: z.string().optional(),
  decision: KycDecisionSchema.optional(),
  from: KycCaseStatusSchema.optional(),
  to: KycCaseStatusSchema.optional(),
  reason: z.string().optional(),
  documents: z.object({ kinds: z.array(RequirementKindSchema), note: z.string().optional() }).optional(),
});

export const KycCaseSchema = KycCaseSummarySchema.extend({
  /** The profile as screened (its current data: GET the profile through the profile routes). */
  profile: z.object({
    profileId: z.string(),
    type: ProfileTypeSchema,
    name: z.string(),
    /** The investor's (or entity's) country, upper-case ISO. */
    country: z.string().optional(),
  }),
  riskFactors: z.array(RiskFactorSchema),
  subjects: z.array(KycSubjectSchema),
  identity: IdentityCheckSchema,
  /** The list version (content hash) the case was screened against, and its size. */
  listVersion: z.string(),
  listSize: z.number().int().min(0),
  /** The last documents request, while the case waits for it or after. */
  documentsRequested: z.object({ kinds: z.array(RequirementKindSchema), note: z.string().optional() }).optional(),
  /** The decision that ended the case. */
  decision: z
    .object({ decision: KycDecisionSchema, reason: z.string(), by: z.string(), at: IsoDateTimeSchema })
    .optional(),
  /** Set on approval: the profile's validation holds until this date (one year). */
  validUntil: IsoDateTimeSchema.optional(),
  history: z.array(KycHistoryEntrySchema),
  /** The decisions the caller may take now (empty for members and for an ended case). */
  allowedDecisions: z.array(KycDecisionSchema),
});
export type KycCase = z.infer<typeof KycCaseSchema>;

const Reason = safeText({ max: 1000, multiline: true });

/** A decision: always with a reason and the case version it was decided on. */
export const KycDecisionBodySchema = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('APPROVE'), reason: Reason, version: z.number().int().min(1) }),
  z.strictObject({ decision: z.literal('REJECT'), reason: Reason, version: z.number().int().min(1) }),
  z.strictObject({ decision: z.literal('SALES_SUPPORT'), reason: Reason, version: z.number().int().min(1) }),
  z.strictObject({
    decision: z.literal('REQUEST_DOCUMENTS'),
    reason: Reason,
    version: z.number().int().min(1),
    documents: DocumentsRequestSchema,
  }),
]);
export type KycDecisionBody = z.infer<typeof KycDecisionBodySchema>;

/** How long an approval holds before the profile must be reviewed again. */
export const KYC_VALIDITY_MONTHS = 12;

/** The queue's default tab. */
export const DEFAULT_QUEUE_STATUS: KycCaseStatus = 'IN_REVIEW';
