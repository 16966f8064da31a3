import { EXPIRING_STATUSES, isPastDeadline, isReminderDue, REMINDER_DAYS } from '@tranche/shared/subscription/expiry';
import type { SubscriptionStatus } from '@tranche/shared/subscription/statuses';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { tableName } from '#lib/db/client';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { allTenantIds } from '#lib/db/tenant-ids';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { logger } from '#lib/logger';
import { getSubscriptionRecord } from './subscription.repo.js';
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
 *
 * Before that, a reminder: a subscription whose deadline is within REMINDER_DAYS (3) gets one
 * SUBSCRIPTION_EXPIRING (the investor's inbox message SUBSCRIPTION_EXPIRING_SOON, by email in their
 * language), committed with the deadline it is about (`expiryRemindedFor`), so a second run of the
 * day, or the next day's, reminds nobody twice; a new status brings a new deadline and a new reminder.
 */
export interface SubscriptionExpiryResult {
  expired: number;
  skipped: number;
  reminded: number;
}

const due = async (tenantId: string, now: string) =>
  queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    // The queue with a filter (like the signing job's): a tenant's subscriptions, once a day. Those
    // past their deadline, and those within the reminder's days of it.
    FilterExpression: `#status IN (${EXPIRING_STATUSES.map((_, i) => `:s${i}`).join(', ')}) AND expiresAt <= :soon`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pk': keys.tenantSubscriptionsPk(tenantId),
      ':soon': new Date(Date.parse(now) + REMINDER_DAYS * 86_400_000).toISOString(),
      ...Object.fromEntries(EXPIRING_STATUSES.map((s, i) => [`:s${i}`, s])),
    },
    ProjectionExpression: 'subscriptionId, #status, expiresAt, expiryRemindedFor',
  });

/**
 * One reminder, decided from a fresh read: still in that status with that deadline, not reminded of
 * it. The marker is set without moving the version (a reminder is no change the investor or the
 * manager acts on, so it must not turn their next action into a VERSION_CONFLICT); the condition on
 * the version read keeps it from landing on a record that moved meanwhile.
 */
const remind = async (actor: Actor, subscriptionId: string, now: string): Promise<boolean> =>
  commit(actor, async () => {
    const sub = await getSubscriptionRecord(actor.tenantId, subscriptionId);
    if (
      !sub ||
      !(EXPIRING_STATUSES as readonly string[]).includes(sub.status) ||
      !isReminderDue(sub.expiresAt, now, sub.expiryRemindedFor)
    ) {
      return { steps: [], events: [], result: false };
    }
    const deadline = sub.expiresAt as string;
    return {
      steps: [
        {
          item: {
            Update: {
              TableName: tableName(),
              Key: keys.subscription(actor.tenantId, subscriptionId),
              UpdateExpression: 'SET expiryRemindedFor = :d',
              ConditionExpression: 'version = :v AND expiresAt = :d',
              ExpressionAttributeValues: { ':v': sub.version, ':d': deadline },
            },
          },
        },
      ],
      events: [
        event('SUBSCRIPTION_EXPIRING', subscriptionId, {
          refId: subscriptionId,
          userIds: [sub.investorUserId],
          fund: sub.fund,
          dueDate: deadline.slice(0, 10),
        }),
      ],
      result: true,
    };
  });

export const runSubscriptionExpiry = async (): Promise<SubscriptionExpiryResult> => {
  const result: SubscriptionExpiryResult = { expired: 0, skipped: 0, reminded: 0 };
  const now = clock.nowIso();
  const requestId = `subscription-expiry-${newId()}`;
  for (const tenantId of await allTenantIds()) {
    for (const item of await due(tenantId, now)) {
      const subscriptionId = String(item.subscriptionId);
      const actor: Actor = { tenantId, userId: 'SYSTEM', requestId, at: clock.nowIso() };
      if (!isPastDeadline(item.expiresAt as string | undefined, now)) {
        const deadline = item.expiresAt as string | undefined;
        if (!isReminderDue(deadline, now, item.expiryRemindedFor as string | undefined)) continue;
        try {
          if (await remind(actor, subscriptionId, now)) result.reminded += 1;
        } catch (error) {
          // A record that kept moving (VERSION_CONFLICT): tomorrow's run reminds it if still due.
          if (!(error instanceof DomainError)) throw error;
          logger.warn('subscription reminder skipped', { tenantId, subscriptionId, code: error.code });
        }
        continue;
      }
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
