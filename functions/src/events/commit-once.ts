import type { DomainEvent } from '@tranche/shared/events/catalogue';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { tableName } from '#lib/db/client';
import { type Change, commit, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';

/** As long as the consumers' own marks (marks.ts): far beyond any redelivery. */
const MARK_TTL_SECONDS = 7 * 24 * 3600;

/** The guard below found its claim taken: this consumer already committed for this event. */
class AlreadyCommitted extends DomainError {
  constructor() {
    super('VERSION_CONFLICT');
  }
}

/**
 * For a consumer whose effect is a commit of its own (a state change that announces events, which a
 * records consumer cannot: its steps carry no events): commits `decide`'s change together with a claim
 * keyed by the event and the consumer, so a redelivered event (even one that slipped past the effect's
 * mark after a crash) commits nothing twice. Answers whether it committed now.
 */
export const commitOnce = async (
  event: DomainEvent,
  consumer: string,
  decide: (actor: Actor) => Promise<Change<void> | undefined>,
): Promise<boolean> => {
  const actor: Actor = {
    tenantId: event.tenantId,
    userId: event.actorId || 'SYSTEM',
    requestId: `${consumer}-${event.eventId}`,
    at: clock.nowIso(),
  };
  const claim: Step = {
    item: {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.consumerMark(event.tenantId, event.eventId, `${consumer}#commit`),
          type: 'CONSUMER_MARK',
          state: 'DONE',
          at: actor.at,
          ttl: clock.nowEpochSeconds() + MARK_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    refusal: () => new AlreadyCommitted(),
  };
  try {
    return await commit(actor, async () => {
      const change = await decide(actor);
      if (!change) return { steps: [], events: [], result: false };
      return { steps: [claim, ...change.steps], events: change.events, result: true };
    });
  } catch (error) {
    if (error instanceof AlreadyCommitted) return false;
    throw error;
  }
};

/** How many records' commits a fan-out runs at once: quick for a big call, gentle on the table. */
const FAN_OUT = 8;

/** Runs `work` over `items`, at most FAN_OUT at a time (a fan-out of commitOnce, one per record). */
export const inPool = async <T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> => {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) await work(items[i] as T);
  };
  await Promise.all(Array.from({ length: Math.min(FAN_OUT, items.length) }, worker));
};
