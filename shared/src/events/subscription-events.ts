import { SUBSCRIPTION_TYPES } from '../enums.js';
import * as z from '../lazy-zod.js';

/**
 * The subscription's own events (issue 13), spread into EVENT_CATALOGUE (catalogue.ts) next to the
 * inbox's (inbox-events.ts). A status change writes exactly one event: the inbox's where the inbox
 * listens to that change (SUBSCRIPTION_APPROVED, RESERVATION_OPENED, ...), otherwise one of these.
 * Which change writes which is SUBSCRIPTION_EVENT_NAMES (shared/src/subscription/subscription-events-map.ts).
 *
 * Every payload names the subscription (`refId`, also the event's subject id) and the change
 * (`from`, `to`, and the lifecycle `event`), so the subscription's history reads from its audit trail
 * alone. The statuses are plain strings here: this module must not import the subscription module,
 * which imports the catalogue.
 */
const Id = z.string().min(1).max(64);
const Status = z.string().min(1).max(40);
const Reason = z.string().min(1).max(1000).optional();
const change = <T extends z.ZodRawShape>(fields: T = {} as T) =>
  z.looseObject({ refId: Id, event: z.string().min(1).max(40), from: Status, to: Status, ...fields });

export const SUBSCRIPTION_EVENTS_CATALOGUE = {
  /** A subscription of any type was started (an expression of interest also writes INTEREST_EXPRESSED instead: see the map). */
  SUBSCRIPTION_CREATED: {
    subject: 'subscription',
    version: 1,
    payload: z.looseObject({
      refId: Id,
      productId: Id,
      type: z.enum(SUBSCRIPTION_TYPES),
      status: Status,
      amount: z.string().min(1).max(300).optional(),
    }),
  },
  /** A step of the journey or of funding that no inbox kind waits for (risk assessment, back, capital call...). */
  SUBSCRIPTION_STATUS_CHANGED: { subject: 'subscription', version: 1, payload: change() },
  /** The investor walked away before the manager decided (non-binding until approved). */
  SUBSCRIPTION_WITHDRAWN: { subject: 'subscription', version: 1, payload: change({ reason: Reason }) },
  /** The manager cancelled a reservation or a manual entry. */
  SUBSCRIPTION_CANCELLED: { subject: 'subscription', version: 1, payload: change({ reason: Reason }) },
  /** The platform ended an abandoned journey or a lapsed reservation. */
  SUBSCRIPTION_EXPIRED: { subject: 'subscription', version: 1, payload: change() },
  /**
   * An admin countersigned a subscription whose agreement was signed electronically: the signing worker
   * makes the countersignature project (the status moves to COMMITTED when it completes; subs-sign).
   */
  SUBSCRIPTION_COUNTERSIGN_REQUESTED: {
    subject: 'subscription',
    version: 1,
    payload: z.looseObject({ refId: Id, projectId: Id, userIds: z.array(Id).max(1) }),
  },
} as const;
