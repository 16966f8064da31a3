import type { DomainEvent } from '@tranche/shared/events/catalogue';
import { clock } from '#lib/clock';
import { db, isConditionFailure, tableName } from '#lib/db/client';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '#lib/db/commands';
import type { Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';

/**
 * Each consumer applies an event once, however often the stream delivers it (at least once: a retried
 * batch, a dispatcher that died mid-batch, two pollers). The consumer's mark on the event says so:
 *
 * - a consumer that writes records commits them in one transaction with its mark, so they are
 *   written exactly once;
 * - a consumer with an outside effect (an email) claims the event for a short lease, acts, then marks
 *   it done. A delivery that finds it done skips it; one that finds a live lease retries later; one
 *   that finds a lease run out (the claimer died before marking) acts again. So a duplicate needs a
 *   crash between the effect and its mark: a window of one call, not a redelivered batch.
 */

/** How long a claimed effect may take before another delivery may try it again. */
const EFFECT_LEASE_MS = 10_000;
const MARK_TTL_SECONDS = 7 * 24 * 3600;

/** Another delivery holds the lease: leave this record for a retry. */
class EffectInFlight extends Error {
  constructor(consumer: string, eventId: string) {
    super(`${consumer} is applying ${eventId} in another delivery`);
    this.name = 'EffectInFlight';
  }
}

const markKey = (event: DomainEvent, consumer: string) => keys.consumerMark(event.tenantId, event.eventId, consumer);
const ttl = () => clock.nowEpochSeconds() + MARK_TTL_SECONDS;

/** Commits `steps` and the consumer's mark together; false when the mark was already there. */
export const applyOnce = async (event: DomainEvent, consumer: string, steps: readonly Step[]): Promise<boolean> => {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          ...steps.map((s) => s.item),
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...markKey(event, consumer),
                type: 'CONSUMER_MARK',
                state: 'DONE',
                at: clock.nowIso(),
                ttl: ttl(),
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    if (reasons[steps.length]?.Code === 'ConditionalCheckFailed') return false;
    throw error;
  }
};

/** Runs `effect` unless this consumer already did for this event (see above); false when skipped. */
export const effectOnce = async (
  event: DomainEvent,
  consumer: string,
  effect: () => Promise<void>,
): Promise<boolean> => {
  const key = markKey(event, consumer);
  const now = clock.now().getTime();
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...key, type: 'CONSUMER_MARK', state: 'CLAIMED', leaseUntil: now + EFFECT_LEASE_MS, ttl: ttl() },
        ConditionExpression: 'attribute_not_exists(PK) OR (#state = :claimed AND leaseUntil < :now)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':claimed': 'CLAIMED', ':now': now },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    if (Item?.state === 'DONE') return false;
    throw new EffectInFlight(consumer, event.eventId);
  }
  await effect();
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #state = :done, #at = :at REMOVE leaseUntil',
      ExpressionAttributeNames: { '#state': 'state', '#at': 'at' },
      ExpressionAttributeValues: { ':done': 'DONE', ':at': clock.nowIso() },
    }),
  );
  return true;
};
