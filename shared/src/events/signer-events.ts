import * as z from '../lazy-zod.js';

/**
 * The signer side of a signing project (issue 12, docs/signing.md "Signer side"), spread into
 * EVENT_CATALOGUE (catalogue.ts). All sit in the project's audit partition (subject
 * 'signingProject'), so one history tells the whole project, and are the audit certificate's source.
 *
 * An event about one signer has `refId = signerId`: each signer has an inbox task of their own (two
 * signers of a parallel group sign separately), and the inbox closes tasks by `refId`. Events about
 * the whole project have `refId = projectId`. `userIds` names the account that receives the inbox
 * message: the signer's own account (absent for a signer without one: they are emailed a link) or
 * the project's sender for the sender's notices. `project` and `signer` are display names for texts.
 *
 * Who emits what: sig-core's /project/startup and /project/resend commit SIGNER_NOTIFIED (first group)
 * and SIGNER_RESENT, its void commits SIGNER_CANCELLED per open signer; everything else here is
 * committed by functions/src/signing/signer/.
 */
const Id = z.string().min(1).max(64);
const Text = z.string().min(1).max(300);
const UserIds = z.array(Id).min(1).max(40);
/** Which side of the portal the account is on: it chooses the inbox kind (investor portal or console). */
const AccountType = z.enum(['LP', 'GP']);

/** One signer of one project. */
const signer = <T extends z.ZodRawShape>(fields: T = {} as T) => z.looseObject({ refId: Id, projectId: Id, ...fields });
/** A message for named users about one signer (the signer's task, the sender's notices). */
const named = <T extends z.ZodRawShape>(fields: T = {} as T) =>
  z.looseObject({ refId: Id, projectId: Id, project: Text, userIds: UserIds.optional(), ...fields });

const ev = <S extends z.ZodType>(payload: S) => ({ subject: 'signingProject', version: 1, payload }) as const;

export const SIGNER_EVENTS_CATALOGUE = {
  /** A signer's turn came (the first group at send, the next after each group): task or emailed link. */
  SIGNER_NOTIFIED: ev(named({ accountType: AccountType.optional(), signer: Text.optional() })),
  /** The sender sent the link again (after a lock, or a lost email): a new link; the lock notice closes. */
  SIGNER_RESENT: ev(named({ accountType: AccountType.optional(), signer: Text.optional() })),
  /** The daily job's reminder to a signer whose turn it is and who has not signed (project setting, every N days). */
  SIGNER_REMINDED: ev(named({ accountType: AccountType.optional(), signer: Text.optional() })),
  /** A one-time code was emailed (throttled): its hash is on the record, never in the event. */
  SIGNER_CODE_SENT: ev(signer()),
  /** The emailed code was right: the signer may see the document. */
  SIGNER_VERIFIED: ev(signer({ ip: z.string().max(64), userAgent: z.string().max(512) })),
  /** The fifth wrong code: the link is spent; the sender is told (GP_SIGNING_LINK_LOCKED). */
  SIGNER_LOCKED: ev(named({ signer: Text, attempts: z.number().int().min(1) })),
  /** Explicit consent to sign electronically, with the text version agreed to. */
  SIGNER_CONSENTED: ev(signer({ textVersion: Text, ip: z.string().max(64), userAgent: z.string().max(512) })),
  /** The first time the signer opened the documents (audit certificate: first view). */
  SIGNER_VIEWED: ev(signer()),
  SIGNER_SIGNED: ev(signer({ fields: z.array(Id).max(500) })),
  SIGNER_DECLINED: ev(signer({ reason: z.string().min(1).max(1000) })),
  /** The project ended otherwise (declined by another, voided, expired): this signer's task closes. */
  SIGNER_CANCELLED: ev(signer({ because: z.enum(['DECLINED', 'VOIDED', 'EXPIRED']) })),
  /** A signature that was not the last: the project is PARTLY_SIGNED. */
  SIGNING_PROJECT_SIGNED: ev(z.looseObject({ refId: Id, projectId: Id, signerId: Id })),
  /** A signer declined: the project ends; the sender is told (GP_SIGNING_DECLINED). */
  SIGNING_PROJECT_DECLINED: ev(named({ signer: Text, reason: z.string().min(1).max(1000) })),
  /** The expiry job: the project passed its expiry date unsigned; the sender is told. */
  SIGNING_PROJECT_EXPIRED: ev(
    z.looseObject({ refId: Id, projectId: Id, project: Text, userIds: UserIds, expiresAt: z.string() }),
  ),
} as const;
