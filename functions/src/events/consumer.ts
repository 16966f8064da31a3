import type { DomainEvent, EventName } from '@tranche/shared/events/catalogue';
import type { Step } from '#lib/db/commit';

/**
 * Applies one outside effect of an event once (marks.ts `effectOnce`); `key` tells apart the effects
 * of one event (one email per recipient), '' when there is one.
 */
export type Once = (key: string, effect: () => Promise<void>) => Promise<boolean>;

/**
 * A consumer of domain events: what one event causes elsewhere. Consumers never answer a request;
 * the dispatcher (dispatch.ts) hands them each event they subscribe to, at least once, and their mark
 * (marks.ts) makes them apply it once.
 *
 * - `records`: decides the records the event causes (a task, an inbox message, a ledger entry) from
 *   fresh reads; they are committed with the consumer's mark in one transaction.
 * - `effect`: acts on the outside world (an email, an SMS, a custodian's API), each effect through
 *   `once`, so a redelivered event repeats none that was done (one mark per effect: a fan-out to a
 *   thousand investors that dies halfway resumes where it stopped).
 */
export type Consumer = {
  /** Stable: it is part of the mark's key, so renaming a consumer replays what it already did. */
  readonly name: string;
  readonly on: readonly EventName[];
} & (
  | { readonly records: (event: DomainEvent) => Promise<readonly Step[]> }
  | { readonly effect: (event: DomainEvent, once: Once) => Promise<void> }
);
