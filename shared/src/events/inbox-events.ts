import * as z from '../lazy-zod.js';

/**
 * The domain events that open and close inbox messages and tasks (shared/src/inbox/catalogue.ts),
 * spread into EVENT_CATALOGUE (catalogue.ts). Most are emitted by later issues (subscriptions,
 * capital calls, redemptions, profiles and KYC): each only has to commit its event, and the inbox
 * consumers (functions/src/events/inbox.ts) do the rest. Until then the inbox tests emit them.
 *
 * Every payload names the record it is about (`refId`, also the event's subject id) and, for what
 * investors receive, the users it concerns (`userIds`: one investor, or every member of an entity
 * profile, who then share one task). What the manager's team receives goes to the whole team. Text
 * values (`fund`, `investor`, `amount` already formatted with its currency, `dueDate`) fill the
 * catalogue's placeholders; none may be a bank detail (docs/inbox.md "No bank details").
 */

/** Most users one event may name: each costs two writes in the consumer's one transaction. */
export const MAX_EVENT_RECIPIENTS = 40;

const Id = z.string().min(1).max(64);
const Text = z.string().min(1).max(300);
const UserIds = z.array(Id).min(1).max(MAX_EVENT_RECIPIENTS);
export const MATERIALS = ['ADDRESS', 'BANK', 'IDENTITY'] as const;

/** A file a task is about (/task-subscription-file): to read, to sign, or one asked for. */
export const TaskFileRefSchema = z.object({
  fileId: Id,
  name: Text,
  role: z.enum(['READ', 'SIGN', 'PROVIDE']),
});
const Files = z.array(TaskFileRefSchema).max(50).optional();

type Subject = 'subscription' | 'capitalCall' | 'redemption' | 'profile' | 'investment' | 'task' | 'user';
const ev = <S extends z.ZodType>(subject: Subject, payload: S) => ({ subject, version: 1, payload }) as const;

/** For the investors: who, and about which record. */
const lp = <T extends z.ZodRawShape>(fields: T) => z.looseObject({ refId: Id, userIds: UserIds, ...fields });
/** An investor's capital call task: what is owed, by when, and the variant (open, closed, IRA) it opens. */
const callTask = () =>
  lp({
    fund: Text,
    amount: Text,
    dueDate: z.iso.date(),
    fundType: z.enum(['OPEN_ENDED', 'CLOSE_ENDED']),
    accountKind: z.enum(['BANK', 'IRA']),
  });
/** For the manager's team (every team member sees it; the kind says who may act). */
const gp = <T extends z.ZodRawShape>(fields: T) => z.looseObject({ refId: Id, userIds: UserIds.optional(), ...fields });
/** A closing event: which record moved on. */
const ref = <T extends z.ZodRawShape>(fields: T = {} as T) => z.looseObject({ refId: Id, ...fields });

export const INBOX_EVENTS = {
  // ---- Subscriptions
  RESERVATION_OPENED: ev('subscription', lp({ productId: Id, fund: Text, dueDate: Text })),
  INTEREST_EXPRESSED: ev('subscription', lp({ productId: Id, fund: Text, investor: Text, amount: Text })),
  SIGNING_STARTED: ev('subscription', lp({ fund: Text, files: Files })),
  SUBSCRIPTION_SUBMITTED: ev('subscription', gp({ fund: Text, investor: Text, amount: Text })),
  SUBSCRIPTION_SIGNED: ev('subscription', lp({ fund: Text, files: Files })),
  SUBSCRIPTION_COUNTERSIGNED: ev('subscription', ref()),
  SUBSCRIPTION_CONFIRMED: ev('subscription', lp({ fund: Text, amount: Text })),
  // `investor` names them in the manager's GP_COUNTERSIGN task, which this event opens.
  SUBSCRIPTION_APPROVED: ev('subscription', lp({ fund: Text, investor: Text })),
  SUBSCRIPTION_REJECTED: ev('subscription', lp({ fund: Text })),
  SUBSCRIPTION_CHANGES_REQUESTED: ev('subscription', lp({ fund: Text, comment: Text })),
  SUBSCRIPTION_AMENDED: ev('subscription', ref()),
  ADDITIONAL_DOCUMENTS_REQUESTED: ev('subscription', lp({ fund: Text, documents: Text, files: Files })),
  ADDITIONAL_DOCUMENTS_UPLOADED: ev('subscription', ref()),
  MANDATORY_DOCUMENTS_REQUESTED: ev('subscription', lp({ fund: Text, documents: Text, files: Files })),
  MANDATORY_DOCUMENTS_UPLOADED: ev('subscription', ref()),
  // The daily expiry job, some days before an unfinished subscription lapses (`dueDate`: yyyy-mm-dd).
  SUBSCRIPTION_EXPIRING: ev('subscription', lp({ fund: Text, dueDate: Text })),
  // A manager reset a done step of the investor's journey (delete-scenario-node-result), with a reason.
  SUBSCRIPTION_STEP_RESET: ev('subscription', lp({ fund: Text, reason: z.string().min(1).max(500) })),

  // ---- Capital calls (one event per investor position: its own amount and due date)
  CAPITAL_CALL_ISSUED: ev('capitalCall', callTask()),
  CAPITAL_CALL_CANCELLED: ev('capitalCall', ref()),
  CAPITAL_CALL_PAYMENT_REPORTED: ev('capitalCall', gp({ fund: Text, investor: Text, amount: Text })),
  /** Emitted by the inbox's daily job (functions/src/inbox/daily.ts) for an open call due within 2 days. */
  CAPITAL_CALL_DUE_SOON: ev('capitalCall', lp({ fund: Text, amount: Text, dueDate: z.iso.date() })),
  FUNDS_RECEIVED: ev('capitalCall', lp({ fund: Text, amount: Text })),
  /**
   * A correction took back money that had paid the notice in full (functions/src/money/correction.service.ts):
   * `amount` is what is owed again. Opens the investor's call task again (the variant CAPITAL_CALL_ISSUED
   * chose); the next full payment's FUNDS_RECEIVED closes it. CAPITAL_CALL_PAYMENT_CORRECTED, in the same
   * commit, is the message saying so (an event opens one record per user: the badge is one item).
   */
  CAPITAL_CALL_PAYMENT_UNDONE: ev('capitalCall', callTask()),
  CAPITAL_CALL_PAYMENT_CORRECTED: ev('capitalCall', lp({ fund: Text, amount: Text, dueDate: z.iso.date() })),

  // ---- Holdings
  DISTRIBUTION_PAID: ev('investment', lp({ fund: Text, amount: Text })),
  /**
   * A correction moved the investor's part of a distribution (functions/src/money/correction.service.ts):
   * `amount` is the part as it now stands, `paid` what stands paid of it. Apart from the money worker's
   * DISTRIBUTION_CORRECTED (about the distribution, unformatted figures): this one is about the investment.
   */
  DISTRIBUTION_PART_CORRECTED: ev('investment', lp({ fund: Text, amount: Text, paid: Text })),
  NAV_UPDATED: ev('investment', lp({ fund: Text, nav: Text, navDate: Text })),

  // ---- Redemptions
  REDEMPTION_REQUESTED: ev('redemption', lp({ fund: Text, amount: Text, investor: Text })),
  REDEMPTION_CONFIRMED: ev('redemption', lp({ fund: Text, amount: Text })),
  REDEMPTION_CHANGES_REQUESTED: ev('redemption', lp({ fund: Text, comment: Text })),
  REDEMPTION_AMENDED: ev('redemption', gp({ fund: Text, amount: Text, investor: Text })),
  REDEMPTION_DOCUMENTS_REQUESTED: ev('redemption', lp({ fund: Text, documents: Text, files: Files })),
  REDEMPTION_DOCUMENTS_UPLOADED: ev('redemption', ref()),
  /** A dealing date dealt (part of) the request; `carried` units wait for the next date (a gate). */
  REDEMPTION_DEALT: ev(
    'redemption',
    lp({
      fund: Text,
      units: Text,
      amount: Text,
      dealingDate: z.iso.date(),
      carried: Text,
      subscriptionId: Id.optional(),
    }),
  ),
  /** Finance confirmed the transfer of the proceeds (the spec's REDEMPTION_FINANCE_CONFIRMS_TRANSFER). */
  REDEMPTION_PAID: ev('redemption', lp({ fund: Text, amount: Text, subscriptionId: Id.optional() })),
  /**
   * A correction moved a request's dealing or payment (correction.service.ts): `units` dealt and the
   * proceeds (`amount`) as they now stand. Apart from the money worker's REDEMPTION_CORRECTED, which
   * carries no recipient or formatted figures.
   */
  REDEMPTION_FIGURES_CORRECTED: ev('redemption', lp({ fund: Text, units: Text, amount: Text })),
  /** An open-ended order dealt at its NAV: the contract note (`refId` = the subscription). */
  CONTRACT_NOTE_ISSUED: ev(
    'investment',
    lp({ fund: Text, units: Text, amount: Text, navDate: z.iso.date(), contractNoteId: Id.optional() }),
  ),

  // ---- Profiles and KYC
  KYC_CONFIRMED: ev('profile', lp({ profile: Text })),
  MATERIAL_REQUESTED: ev('profile', lp({ profile: Text, material: z.enum(MATERIALS), files: Files })),
  MATERIAL_PROVIDED: ev('profile', ref({ material: z.enum(MATERIALS) })),
  // `payeeId` is the account's bankId (named so no placeholder reads as a bank detail): deciding one
  // account closes only its own task (catalogue closeWhen).
  BANK_CHANGE_REQUESTED: ev('profile', gp({ investor: Text, profile: Text, payeeId: Id })),
  BANK_CHANGE_DECIDED: ev(
    'profile',
    lp({ profile: Text, approved: z.boolean(), payeeId: Id.optional(), reason: z.string().max(1000).optional() }),
  ),
  /** The daily eligibility job (functions/src/eligibility/renewals.ts): evidence expires on `dueDate`. */
  ELIGIBILITY_RENEWAL_DUE: ev('profile', lp({ profile: Text, classification: Text, dueDate: z.iso.date() })),
  /** Current evidence for the classification was saved: its renewal task closes. */
  ELIGIBILITY_RENEWED: ev('profile', ref({ classification: Text })),

  // ---- Tasks themselves (their audit trail is the task's partition)
  TASK_STARTED: ev('task', z.looseObject({ kind: Text, refId: Id })),
  TASK_COMPLETED: ev('task', z.looseObject({ kind: Text, refId: Id })),
  /** An approval task decided: the issue that owns `refId` acts on the decision (approve the bank change...). */
  TASK_DECIDED: ev(
    'task',
    z.looseObject({
      kind: Text,
      refId: Id,
      decision: z.enum(['APPROVED', 'REJECTED']),
      comment: z.string().max(1000).optional(),
    }),
  ),
  /** What an investor viewed or did (/lp/activities/add), in their own audit trail. */
  LP_ACTIVITY_RECORDED: ev(
    'user',
    z.looseObject({ activityId: Id, action: Text, subjectId: Id.optional(), path: z.string().max(300).optional() }),
  ),
} as const;
