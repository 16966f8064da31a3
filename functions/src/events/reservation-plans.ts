import type { DomainEvent } from '@tranche/shared/events/catalogue';
import { planReservations } from '@tranche/shared/subscription/request';
import { clock } from '#lib/clock';
import { tableName } from '#lib/db/client';
import { keys } from '#lib/db/keys';
import { getSubscriptionRecord, readCapacity, readFund, readQueue } from '../subscription/subscription.repo.js';
import type { Consumer } from './consumer.js';

/**
 * The waitlist of a fund's reservation requests (issue 13; docs/subscriptions.md "Server"): whenever
 * a request joins the queue or capacity is taken or freed (a reservation allocated, withdrawn,
 * expired, cancelled or rejected; a subscription countersigned), planReservations is run again from
 * fresh reads and its result stored as the fund's #PLAN (keys.ts pattern 39c): which requests the
 * manager may allocate now and everyone else's place in the queue, which the lists show. The plan
 * is advice for display; ALLOCATE itself decides from fresh reads in its own commit, so a plan written
 * late by a slow delivery can never let a request overtake capacity.
 */
export const reservationPlans: Consumer = {
  name: 'reservationPlans',
  on: [
    'SUBSCRIPTION_CREATED',
    'RESERVATION_OPENED',
    'SUBSCRIPTION_WITHDRAWN',
    'SUBSCRIPTION_EXPIRED',
    'SUBSCRIPTION_CANCELLED',
    'SUBSCRIPTION_REJECTED',
    'SUBSCRIPTION_COUNTERSIGNED',
  ],
  records: async (event: DomainEvent) => {
    const subscription = await getSubscriptionRecord(event.tenantId, event.subject.id);
    // Only funds that ever took a reservation have a queue to plan.
    if (!subscription) return [];
    const [queue, capacity] = await Promise.all([
      readQueue(event.tenantId, subscription.productId),
      readCapacity(event.tenantId, subscription.productId),
    ]);
    if (queue.length === 0 && subscription.type !== 'RESERVE_SUBSCRIPTION') return [];
    const product = await readFund(event.tenantId, subscription.productId, true);
    const plan = planReservations(product.targetSize, capacity?.taken ?? '0', queue);
    return [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.fundReservationPlan(event.tenantId, subscription.productId),
              type: 'RESERVATION_PLAN',
              productId: subscription.productId,
              plan,
              computedAt: clock.nowIso(),
            },
          },
        },
      },
    ];
  },
};
