import type { SubscriptionType } from '../enums.js';
import { EVENT_CATALOGUE, type EventName } from '../events/catalogue.js';
import type { SubscriptionEvent } from './subscription-lifecycle.js';

/**
 * A domain event recorded in a subscription's audit trail. (EventNameAbout<'subscription'> cannot say
 * it yet: inbox-events.ts declares its subjects as one union, so the test checks each name's subject.)
 */
export type SubscriptionEventName = EventName;

/**
 * The one domain event each status change writes (in the same commit as the change). Where the
 * inbox opens or closes something on the change, it is the inbox's event, under the inbox's name
 * (shared/src/events/inbox-events.ts, shared/src/inbox/catalogue.ts), so the inbox consumers need no
 * change; everything else is one of the subscription's own (subscription-events.ts).
 */
export const SUBSCRIPTION_EVENT_NAMES: Record<SubscriptionEvent, SubscriptionEventName> = {
  // "Reservation opens for subscription" (spec §4): opens the investor's RESERVATION_OPEN task.
  ALLOCATE: 'RESERVATION_OPENED',
  CONVERT_TO_INVESTMENT: 'SUBSCRIPTION_STATUS_CHANGED',
  INVEST: 'SUBSCRIPTION_STATUS_CHANGED',
  START_RISK_ASSESSMENT: 'SUBSCRIPTION_STATUS_CHANGED',
  SUBMIT_QUESTIONNAIRE: 'SUBSCRIPTION_STATUS_CHANGED',
  PASS_RISK_ASSESSMENT: 'SUBSCRIPTION_STATUS_CHANGED',
  // SCENARIO_NOT_PASSED ends the subscription: the investor is told as for any rejection.
  FAIL_RISK_ASSESSMENT: 'SUBSCRIPTION_REJECTED',
  RESUME_FORMS: 'SUBSCRIPTION_STATUS_CHANGED',
  // "Documents go out for signing": the investor's DOCUMENTS_FOR_SIGNING task.
  REQUEST_SIGNATURES: 'SIGNING_STARTED',
  SIGNER_SIGNED: 'SUBSCRIPTION_STATUS_CHANGED',
  // Every investor-side signer signed: the SIGNED_ORDER message (GP_COUNTERSIGN opens on APPROVE).
  SIGNING_COMPLETED: 'SUBSCRIPTION_SIGNED',
  PREPARE_SUBMISSION: 'SUBSCRIPTION_STATUS_CHANGED',
  BACK: 'SUBSCRIPTION_STATUS_CHANGED',
  // Opens the manager's GP_SUBSCRIPTION_REVIEW task and closes the investor's RESERVATION_OPEN.
  SUBMIT: 'SUBSCRIPTION_SUBMITTED',
  UPLOAD_SIGNED_ORDER: 'SUBSCRIPTION_SUBMITTED',
  START_REVIEW: 'SUBSCRIPTION_STATUS_CHANGED',
  REQUEST_DOCUMENTS: 'ADDITIONAL_DOCUMENTS_REQUESTED',
  UPLOAD_DOCUMENTS: 'ADDITIONAL_DOCUMENTS_UPLOADED',
  REQUEST_CHANGES: 'SUBSCRIPTION_CHANGES_REQUESTED',
  // The modification paths' confirm: closes the investor's SUBSCRIPTION_CHANGES_REQUIRED task.
  AMEND: 'SUBSCRIPTION_AMENDED',
  APPROVE: 'SUBSCRIPTION_APPROVED',
  REJECT: 'SUBSCRIPTION_REJECTED',
  COUNTERSIGN: 'SUBSCRIPTION_COUNTERSIGNED',
  // The capital call and its payment write their own events (CAPITAL_CALL_ISSUED, FUNDS_RECEIVED)
  // about the call; the subscription's move is recorded here.
  ISSUE_CAPITAL_CALL: 'SUBSCRIPTION_STATUS_CHANGED',
  RECEIVE_FUNDS: 'SUBSCRIPTION_STATUS_CHANGED',
  // "The subscription is confirmed" (spec §4): the investor's SUBSCRIPTION_CONFIRMED message.
  CONFIRM_RECEIPT: 'SUBSCRIPTION_CONFIRMED',
  MARK_INVESTED: 'SUBSCRIPTION_STATUS_CHANGED',
  MARK_FULLY_INVESTED: 'SUBSCRIPTION_STATUS_CHANGED',
  // A corrected payment: the investor is told by the money events (CAPITAL_CALL_PAYMENT_UNDONE).
  REVERSE_FUNDS: 'SUBSCRIPTION_STATUS_CHANGED',
  REVERSE_RECEIPT: 'SUBSCRIPTION_STATUS_CHANGED',
  // The redemption itself writes REDEMPTION_REQUESTED / REDEMPTION_CONFIRMED about the redemption.
  REQUEST_REDEMPTION: 'SUBSCRIPTION_STATUS_CHANGED',
  CONFIRM_PARTIAL_REDEMPTION: 'SUBSCRIPTION_STATUS_CHANGED',
  CONFIRM_FULL_REDEMPTION: 'SUBSCRIPTION_STATUS_CHANGED',
  // The correction writes LEDGER_CORRECTION_POSTED and REDEMPTION_CORRECTED about the redemption.
  REVERSE_REDEMPTION: 'SUBSCRIPTION_STATUS_CHANGED',
  CLOSE_POSITION: 'SUBSCRIPTION_STATUS_CHANGED',
  WITHDRAW: 'SUBSCRIPTION_WITHDRAWN',
  CANCEL: 'SUBSCRIPTION_CANCELLED',
  EXPIRE: 'SUBSCRIPTION_EXPIRED',
};

/**
 * The event a new subscription writes: an expression of interest is the inbox's INTEREST_EXPRESSED
 * (the investor's thank-you message and the manager's GP_INTEREST_EXPRESSED), every other type
 * SUBSCRIPTION_CREATED.
 */
export const SUBSCRIPTION_CREATION_EVENT: Record<SubscriptionType, SubscriptionEventName> = {
  EXPRESSED_INTEREST_SUBSCRIPTION: 'INTEREST_EXPRESSED',
  RESERVE_SUBSCRIPTION: 'SUBSCRIPTION_CREATED',
  COMMON_SUBSCRIPTION: 'SUBSCRIPTION_CREATED',
  INVEST_SUBSCRIPTION: 'SUBSCRIPTION_CREATED',
};

/**
 * Subscription events the inbox listens to that no status change writes: the fund-mandatory-docs
 * paths' MANDATORY_DOCUMENTS_* (an upload does not move the status; a request of named mandatory
 * documents is written beside REQUEST_DOCUMENTS' own event).
 */
export const SUBSCRIPTION_EVENTS_WRITTEN_OUTSIDE_THE_LIFECYCLE = [
  'MANDATORY_DOCUMENTS_REQUESTED',
  'MANDATORY_DOCUMENTS_UPLOADED',
  // The expiry job's reminder and a manager's reset of a journey step (docs/subscriptions.md).
  'SUBSCRIPTION_EXPIRING',
  'SUBSCRIPTION_STEP_RESET',
  // A scenario's inbox node (its system step writes it, not a status change).
  'SCENARIO_INBOX_REQUESTED',
] as const satisfies readonly SubscriptionEventName[];

/** Whether a name is a subscription event of the catalogue (for a history tab reading raw audit rows). */
export const isSubscriptionEventName = (name: string): name is SubscriptionEventName =>
  Object.hasOwn(EVENT_CATALOGUE, name) &&
  EVENT_CATALOGUE[name as keyof typeof EVENT_CATALOGUE].subject === 'subscription';
