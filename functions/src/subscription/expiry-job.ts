import { EXPIRING_STATUSES, isPastDeadline } from '@tranche/shared/subscription/expiry';
import type { SubscriptionStatus } from '@tranche/shared/subscription/statuses';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { tableName } from '#lib/db/client';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { allTenantIds } from '#lib/db/tenant-ids';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { logger } from '#lib/logger';
import { applySubscriptionEvent } from './subscription.service.js';

/**
 * The subscriptions' daily expiry (WORKERS `subscriptionExpiry`; POST /_local/schedules/subscriptionExpiry/run
 * locally; docs/subscriptions.md "Expiry"). For every tenant, the subscriptions in a status that can
 * lapse whose `expiresAt` (shared/src/subscription/expiry.ts: 14 days after an allocation, 30 days in
 * an unfinished journey step or an unanswered request of documents) has passed get the platform's
 * EXPIRE, each in its own commit through the lifecycle (`applySubscriptionEvent` with the status read,
 * so a subscription that moved meanwhile is left alone). EXPIRE releases what the subscription held:
 * its place in the reservation queue and its share of the fund's capacity; the consumer
 * `reservationPlans` then plans the waitlist again, and SUBSCRIPTION_EXPIRED closes its open tasks.
 */
export interface SubscriptionExpiryResult {
  expired: number;
  skipped: number;
}

const due = async (tenantId: string, now: string) =>
  queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    // The queue with a filter (like the signing job's): a tenant's subscriptions, once a day.
    FilterExpression: `#status IN (${EXPIRING_STATUSES.map((_, i) => `:s${i}`).join(', ')}) AND expiresAt <= :now`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pk': keys.tenantSubscriptionsPk(tenantId),
      ':now': now,
      ...Object.fromEntries(EXPIRING_STATUSES.map((s, i) => [`:s${i}`, s])),
    },
    ProjectionExpression: 'subscriptionId, #status, expiresAt',
  });

export const runSubscriptionExpiry = async (): Promise<SubscriptionExpiryResult> => {
  const result: SubscriptionExpiryResult = { expired: 0, skipped: 0 };
  const now = clock.nowIso();
  const requestId = `subscription-expiry-${newId()}`;
  for (const tenantId of await allTenantIds()) {
    for (const item of await due(tenantId, now)) {
      const subscriptionId = String(item.subscriptionId);
      if (!isPastDeadline(item.expiresAt as string | undefined, now)) continue;
      const actor: Actor = { tenantId, userId: 'SYSTEM', requestId, at: clock.nowIso() };
      try {
        const expectedStatus = item.status as SubscriptionStatus;
        const after = await applySubscriptionEvent(actor, subscriptionId, 'EXPIRE', {}, { expectedStatus });
        if (after.status === 'EXPIRED') result.expired += 1;
        else result.skipped += 1;
      } catch (error) {
        // One refusal (it moved on between the read and the commit) does not stop the others.
        if (!(error instanceof DomainError)) throw error;
        result.skipped += 1;
        logger.warn('subscription skipped by the expiry job', { tenantId, subscriptionId, code: error.code });
      }
    }
  }
  logger.info('subscription expiry job', { ...result });
  return result;
};

export const handler = async (): Promise<SubscriptionExpiryResult> => runSubscriptionExpiry();
