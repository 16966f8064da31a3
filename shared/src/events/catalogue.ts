import { ACCOUNT_INVITE_STATUSES } from '../enums.js';
import * as z from '../lazy-zod.js';
import { ELIGIBILITY_EVENTS_CATALOGUE } from './eligibility-events.js';
import { FILE_EVENTS_CATALOGUE } from './file-events.js';
import { INBOX_EVENTS } from './inbox-events.js';
import { KYC_EVENTS_CATALOGUE } from './kyc-events.js';
import { MONEY_EVENTS_CATALOGUE } from './money-events.js';
import { PROFILE_EVENTS_CATALOGUE } from './profile-events.js';
import { SCENARIO_EVENTS_CATALOGUE } from './scenario-events.js';
import { SIGNER_EVENTS_CATALOGUE } from './signer-events.js';
import { SIGNING_EVENTS_CATALOGUE } from './signing-events.js';
import { SUBSCRIPTION_EVENTS_CATALOGUE } from './subscription-events.js';

/**
 * The domain events: every state change of the product writes one (or more) of these, in the same
 * transaction as the change (functions/src/_lib/db/commit.ts). Each event is also the change's audit
 * record: the audit trail's `action` is the event's name, its `data` the event's payload, so the
 * services, the consumers and the web's history tab share this one list of names.
 *
 * An entry names the kind of record the event is about (its audit trail lives with that record), the
 * payload's schema version and the payload schema. Consumers (functions/src/events/consumers.ts)
 * subscribe by name; the dispatcher checks a payload against its schema before any consumer sees it,
 * and sends one that fails to the dead-letter path with the reason.
 *
 * A payload schema may only grow optional fields within a version; anything else is a new version.
 */
export const EVENT_SUBJECTS = [
  'product',
  'user',
  'tenant',
  'policy',
  'tenantDirectory',
  // The records of the inbox's events (inbox-events.ts): each has its own audit partition.
  'subscription',
  'capitalCall',
  'redemption',
  'profile',
  'investment',
  'task',
  // Issue 11: a KYC case (its own partition, keys.ts pattern 35) and an uploaded file (pattern 36).
  'kycCase',
  'file',
  // Issue 12: a signing project, its signers and documents (one audit partition: docs/signing.md).
  'signingProject',
  // Issue 12: a source PDF uploaded for signing (keys.ts pattern 41), checked before a project uses it.
  'signingPdf',
  // Issue 14: a distribution to a fund's holders (keys.ts pattern 48).
  'distribution',
] as const;
export type EventSubjectKind = (typeof EVENT_SUBJECTS)[number];

interface EventDef<S extends z.ZodType = z.ZodType, K extends EventSubjectKind = EventSubjectKind> {
  readonly subject: K;
  readonly version: number;
  readonly payload: S;
}

// The subject keeps its literal type, so EventNameAbout<'product'> names exactly the product events.
const def = <S extends z.ZodType, const K extends EventSubjectKind>(
  subject: K,
  payload: S,
  version = 1,
): EventDef<S, K> => ({
  subject,
  version,
  payload,
});

const Id = z.string().min(1);
/** Field-by-field changes as the services record them (`changesOf`): field -> { from, to }. */
const Changes = z.record(z.string(), z.looseObject({ from: z.unknown(), to: z.unknown() }));
/** Before and after of a configuration section. */
const FromTo = z.looseObject({ from: z.unknown(), to: z.unknown() });
const InviteStatus = z.enum(ACCOUNT_INVITE_STATUSES);
const Revisioned = z.looseObject({ revision: z.string().optional() });

/** A record's name or title as it was when the event happened, so a history reads it even after a rename or delete. */
const Name = z.looseObject({ en: z.string() }).optional();
const productTransition = z.looseObject({
  event: z.string(),
  version: z.number().int(),
  changes: Changes,
  /** PUBLISH, REOPEN: the failing recommended checks the GP confirmed going live without. */
  acknowledgedWarnings: z.array(z.string()).optional(),
});

export const EVENT_CATALOGUE = {
  // ---- Products and everything kept in a product's partition
  PRODUCT_CREATED: def(
    'product',
    z.looseObject({ version: z.number().int(), product: z.record(z.string(), z.unknown()) }),
  ),
  PRODUCT_UPDATED: def('product', z.looseObject({ version: z.number().int(), changes: Changes })),
  PRODUCT_PUBLISHED: def('product', productTransition),
  PRODUCT_UNPUBLISHED: def('product', productTransition),
  PRODUCT_CLOSED: def('product', productTransition),
  PRODUCT_REOPENED: def('product', productTransition),
  SHARE_CLASS_CREATED: def(
    'product',
    z.looseObject({ shareClassId: Id, shareClass: z.record(z.string(), z.unknown()) }),
  ),
  SHARE_CLASS_UPDATED: def(
    'product',
    z.looseObject({ shareClassId: Id, name: Name, version: z.number().int(), changes: Changes }),
  ),
  SHARE_CLASS_DELETED: def('product', z.looseObject({ shareClassId: Id })),
  PRODUCT_DOCUMENT_CREATED: def('product', z.looseObject({ documentId: Id, title: Name })),
  PRODUCT_DOCUMENT_READY: def('product', z.looseObject({ documentId: Id, title: Name })),
  PRODUCT_DOCUMENT_REJECTED: def('product', z.looseObject({ documentId: Id, title: Name })),
  PRODUCT_DOCUMENT_UPDATED: def('product', z.looseObject({ documentId: Id, title: Name })),
  PRODUCT_DOCUMENT_DELETED: def('product', z.looseObject({ documentId: Id, title: Name })),
  PRODUCT_DOCUMENT_DOWNLOADED: def('product', z.looseObject({ documentId: Id, title: Name })),
  MARKETING_FOLDER_CREATED: def('product', z.looseObject({ folderId: Id, name: Name })),
  MARKETING_FOLDER_RENAMED: def('product', z.looseObject({ folderId: Id })),
  MARKETING_FOLDER_DELETED: def('product', z.looseObject({ folderId: Id, name: Name })),
  MARKETING_FOLDER_DOWNLOADED: def('product', z.looseObject({ folderId: Id, name: Name })),
  PRODUCT_CONTRACT_CREATED: def('product', z.looseObject({ agreementTitle: Name })),
  PRODUCT_CONTRACT_UPDATED: def('product', z.looseObject({ agreementTitle: Name })),
  PORTAL_COMPONENTS_UPDATED: def('product', z.looseObject({ version: z.number().int(), changes: Changes })),

  // ---- Tenant configuration (the tenant's own partition)
  TENANT_PORTAL_COMPONENTS_UPDATED: def('tenant', z.looseObject({ version: z.number().int(), changes: Changes })),
  I18N_CONFIG_UPDATED: def('tenant', Revisioned),
  CURRENCY_POLICY_UPDATED: def('tenant', Revisioned),
  FEATURES_UPDATED: def('tenant', Revisioned),
  DOMAIN_UPDATED: def('tenant', Revisioned),
  BRANDING_UPDATED: def('tenant', Revisioned),
  LP_SETTINGS_UPDATED: def('tenant', FromTo),
  GP_SETTINGS_UPDATED: def('tenant', FromTo),
  TENANT_CREATED: def('tenant', z.looseObject({ prefix: z.string() })),
  // The tenant's document sealing certificate was made or renewed (functions/src/signing/seal/certificate-store.ts).
  SEALING_CERTIFICATE_CREATED: def(
    'tenant',
    z.looseObject({ fingerprint: z.string(), notAfter: z.string(), replaces: z.string().optional() }),
  ),

  // ---- Policies (the tenant's policies partition)
  POLICY_CREATED: def('policy', z.looseObject({ policyId: Id })),
  POLICY_DRAFT_UPDATED: def('policy', z.looseObject({ policyId: Id })),
  POLICY_PUBLISHED: def('policy', z.looseObject({ policyId: Id, version: z.number().int().min(1) })),
  POLICY_ARCHIVED: def('policy', z.looseObject({ policyId: Id })),
  POLICY_RESTORED: def('policy', z.looseObject({ policyId: Id })),

  // ---- Users (the user's partition)
  USER_CREATED: def('user', z.looseObject({ role: z.string(), inviteStatus: InviteStatus })),
  USER_LOCKED: def('user', z.looseObject({ from: InviteStatus })),
  USER_UNLOCKED: def('user', z.looseObject({ to: InviteStatus })),
  ROLE_CHANGED: def('user', z.looseObject({ from: z.string(), to: z.string() })),
  INVITE_RESENT: def('user', z.looseObject({})),
  INVITE_ACCEPTED: def('user', z.looseObject({})),
  EMAIL_VERIFIED: def('user', z.looseObject({})),
  PHONE_VERIFIED: def('user', z.looseObject({})),
  PROFILE_UPDATED: def('user', z.looseObject({ fields: z.array(z.string()) })),
  MFA_ENROLLED: def('user', z.looseObject({ method: z.string() })),
  MFA_METHODS_CHANGED: def('user', z.looseObject({ from: z.array(z.string()), to: z.array(z.string()) })),
  SIGNED_IN: def('user', z.looseObject({ how: z.string() })),
  PASSWORD_CHANGED: def('user', z.looseObject({})),
  PASSWORD_RESET: def('user', z.looseObject({})),
  /** The sign-in lockout locked (or froze) the account: `until` is absent for a freeze (an admin must lift it). */
  ACCOUNT_LOCKED: def('user', z.looseObject({ attempts: z.number().int().min(1), until: z.string().optional() })),
  /** An investor saved a catalogue fund to their watchlist, or removed it (issue 9). */
  FUND_SAVED: def('user', z.looseObject({ productId: Id })),
  FUND_UNSAVED: def('user', z.looseObject({ productId: Id })),

  // ---- Inbox: the events that open and close messages and tasks (inbox-events.ts)
  ...INBOX_EVENTS,

  // ---- Subscriptions: the status changes no inbox kind listens to (subscription-events.ts)
  ...SUBSCRIPTION_EVENTS_CATALOGUE,
  // ---- Scenario flows (issue 13, scenario-events.ts)
  ...SCENARIO_EVENTS_CATALOGUE,
  ...FILE_EVENTS_CATALOGUE,
  // ---- KYC cases and screening (issue 11, kyc-events.ts)
  ...KYC_EVENTS_CATALOGUE,
  // ---- Investor profiles (profile-events.ts)
  ...PROFILE_EVENTS_CATALOGUE,
  // ---- Eligibility and wire-instruction integrity (issue 11, eligibility-events.ts)
  ...ELIGIBILITY_EVENTS_CATALOGUE,
  // ---- Money: ledger, capital calls, NAV (issue 14, money-events.ts)
  ...MONEY_EVENTS_CATALOGUE,
  // ---- Electronic signature, the signer side (issue 12, signer-events.ts)
  ...SIGNER_EVENTS_CATALOGUE,
  // ---- Electronic signature, the manager's side and the sealing (issue 12, signing-events.ts)
  ...SIGNING_EVENTS_CATALOGUE,
} as const satisfies Record<string, EventDef>;

export type EventName = keyof typeof EVENT_CATALOGUE;
export type EventPayload<N extends EventName> = z.input<(typeof EVENT_CATALOGUE)[N]['payload']>;
export const EVENT_NAMES = Object.keys(EVENT_CATALOGUE) as EventName[];

export const isEventName = (name: string): name is EventName => Object.hasOwn(EVENT_CATALOGUE, name);

/** The names of the events about one kind of record, as a type (a history tab's labels cover exactly these). */
export type EventNameAbout<S extends EventSubjectKind> = {
  [N in EventName]: (typeof EVENT_CATALOGUE)[N]['subject'] extends S ? N : never;
}[EventName];

/** The names of the events recorded in one kind of record's audit trail (the history tabs list these). */
export const eventsAbout = (subject: EventSubjectKind): EventName[] =>
  EVENT_NAMES.filter((n) => EVENT_CATALOGUE[n].subject === subject);

/**
 * A domain event as it is stored in the outbox and handed to consumers: who did what to which record,
 * when, in which request. `payload` has been checked against the catalogue when it is read back.
 */
export const DomainEventSchema = z.object({
  eventId: Id,
  name: z.string(),
  version: z.number().int().min(1),
  tenantId: Id,
  subject: z.object({ kind: z.enum(EVENT_SUBJECTS), id: Id }),
  actorId: z.string(),
  requestId: z.string(),
  at: z.string(),
  payload: z.record(z.string(), z.unknown()),
});
export type DomainEvent = z.infer<typeof DomainEventSchema>;

/** Why an event cannot be delivered: its envelope or payload breaks the catalogue. */
export const checkEvent = (raw: unknown): { ok: true; event: DomainEvent } | { ok: false; reason: string } => {
  const envelope = DomainEventSchema.safeParse(raw);
  if (!envelope.success) return { ok: false, reason: `envelope: ${envelope.error.message}` };
  const event = envelope.data;
  if (!isEventName(event.name)) return { ok: false, reason: `unknown event ${event.name}` };
  const entry = EVENT_CATALOGUE[event.name];
  if (event.version !== entry.version) {
    return { ok: false, reason: `${event.name} version ${event.version} is not the catalogue's ${entry.version}` };
  }
  if (event.subject.kind !== entry.subject) {
    return { ok: false, reason: `${event.name} is about a ${entry.subject}, not a ${event.subject.kind}` };
  }
  const payload = entry.payload.safeParse(event.payload);
  if (!payload.success) return { ok: false, reason: `payload of ${event.name}: ${payload.error.message}` };
  return { ok: true, event };
};
