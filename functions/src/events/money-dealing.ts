import type { DomainEvent } from '@tranche/shared/events/catalogue';

import { subscriptionStatusForRedemption } from '@tranche/shared/money/redemption-state';
import type { SubscriptionStatus } from '@tranche/shared/subscription/statuses';
import type { SubscriptionEvent } from '@tranche/shared/subscription/subscription-lifecycle';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { DomainError } from '#lib/errors';
import { logger } from '#lib/logger';
import { isWaitingOrder, orderDealChange } from '../money/contract-notes.js';
import { fillChange, readRun } from '../money/dealing.service.js';
import { distributionPartChange, readDistribution } from '../money/distribution.service.js';
import { readClasses, readFund } from '../money/fund.repo.js';
import { investmentsOfProduct } from '../money/investment.repo.js';
import { readPrices } from '../money/nav.service.js';
import { readRedemption } from '../money/redemption.records.js';
import { getSubscriptionRecord } from '../subscription/subscription.repo.js';
import { applySubscriptionEvent } from '../subscription/subscription.service.js';
import { commitOnce, inPool } from './commit-once.js';
import type { Consumer } from './consumer.js';
import { stepTowards } from './money-steps.js';

/**
 * What dealing and distributions cause (issue 14, docs/money.md "Dealing and distributions"): the
 * fan-outs of a declared or paid distribution and of a dealing run (one commit per holder or request,
 * each keyed by the event and the record: a redelivered event repeats nothing and a fan-out that dies
 * halfway resumes), open-ended orders dealt when a NAV is approved, and the subscription statuses that
 * follow redemptions and dealt orders. They run in the money worker (MONEY_CONSUMERS).
 */

/** Each holder's DISTRIBUTION_DECLARED (approval) or DISTRIBUTION_PAID (payment, with the investor's message). */
export const distributionLedger: Consumer = {
  name: 'distributionLedger',
  on: ['DISTRIBUTION_DECLARED', 'DISTRIBUTION_PAYMENT_RECORDED'],
  effect: async (event: DomainEvent, once) => {
    const r = await readDistribution(event.tenantId, String(event.payload.distributionId));
    if (!r) return;
    const kind = event.name === 'DISTRIBUTION_DECLARED' ? 'DISTRIBUTION_DECLARED' : 'DISTRIBUTION_PAID';
    await inPool(r.parts, async (part) => {
      await once(part.subscriptionId, async () => {
        await commitOnce(event, `distributionLedger#${part.subscriptionId}`, (actor) =>
          distributionPartChange(event.tenantId, actor.at, r, part, kind),
        );
      });
    });
  },
};

/** Each fill of a dealing run: the request's new state and its REDEMPTION_DEALT entry, one commit each. */
export const dealingFills: Consumer = {
  name: 'dealingFills',
  on: ['DEALING_RUN'],
  effect: async (event: DomainEvent, once) => {
    const p = event.payload;
    const run = await readRun(event.tenantId, String(p.productId), String(p.shareClassId), String(p.dealingDate));
    if (!run || run.runId !== p.runId) return;
    await inPool(run.fills, async (fill) => {
      await once(fill.redemptionId, async () => {
        await commitOnce(event, `dealingFills#${fill.redemptionId}`, (actor) =>
          fillChange(event.tenantId, actor.at, run, fill),
        );
      });
    });
  },
};

/** A NAV approved for a class of an open-ended fund deals the orders whose dealing date it reaches. */
export const openEndedDealing: Consumer = {
  name: 'openEndedDealing',
  on: ['NAV_POSTED'],
  effect: async (event: DomainEvent, once) => {
    const productId = String(event.payload.productId);
    const shareClassId = String(event.payload.shareClassId);
    const fund = await readFund(event.tenantId, productId);
    if (fund.fundType !== 'OPEN_ENDED') return;
    const shareClass = (await readClasses(event.tenantId, productId)).find((c) => c.shareClassId === shareClassId);
    if (!shareClass) return;
    const waiting = (await investmentsOfProduct(event.tenantId, productId)).filter(
      (i) => i.shareClassId === shareClassId && isWaitingOrder(i),
    );
    if (waiting.length === 0) return;
    const prices = await readPrices(event.tenantId, productId, shareClassId);
    await inPool(waiting, async (inv) => {
      await once(inv.subscriptionId, async () => {
        await commitOnce(event, `openEndedDealing#${inv.subscriptionId}`, (actor) =>
          orderDealChange(event.tenantId, actor.at, fund, shareClass, prices, inv.subscriptionId),
        );
      });
    });
  },
};

/**
 * The subscription step towards a redemption's status (issue 13's lifecycle, SYSTEM transitions):
 * requesting from an invested or partly redeemed position, then the partial or full redemption.
 */
export const redemptionStep = (from: SubscriptionStatus, to: SubscriptionStatus): SubscriptionEvent | undefined => {
  if (from === to) return undefined;
  switch (from) {
    case 'INVESTED':
    case 'FULLY_INVESTED':
      return to === 'REDEMPTION_PENDING' || to === 'PARTIALLY_REDEEMED' || to === 'FULLY_REDEEMED'
        ? 'REQUEST_REDEMPTION'
        : undefined;
    case 'REDEMPTION_PENDING':
      return to === 'PARTIALLY_REDEEMED'
        ? 'CONFIRM_PARTIAL_REDEMPTION'
        : to === 'FULLY_REDEEMED'
          ? 'CONFIRM_FULL_REDEMPTION'
          : undefined;
    case 'PARTIALLY_REDEEMED':
      return to === 'REDEMPTION_PENDING'
        ? 'REQUEST_REDEMPTION'
        : to === 'FULLY_REDEEMED'
          ? 'CONFIRM_FULL_REDEMPTION'
          : undefined;
    // Only a correction leaves fewer units dealt than a full redemption's: back to partly redeemed
    // (then, with nothing dealt, to pending).
    case 'FULLY_REDEEMED':
      return to === 'PARTIALLY_REDEEMED' || to === 'REDEMPTION_PENDING' ? 'REVERSE_REDEMPTION' : undefined;
    default:
      return undefined;
  }
};

/** Walks the subscription from where it is to `target`, one conditional SYSTEM transition at a time. */
const walk = async (
  event: DomainEvent,
  consumer: string,
  subscriptionId: string,
  target: SubscriptionStatus,
  step: (from: SubscriptionStatus, to: SubscriptionStatus) => SubscriptionEvent | undefined,
) => {
  const actor: Actor = {
    tenantId: event.tenantId,
    userId: 'SYSTEM',
    requestId: `${consumer}-${event.eventId}`,
    at: clock.nowIso(),
  };
  for (let i = 0; i < 5; i++) {
    const sub = await getSubscriptionRecord(event.tenantId, subscriptionId);
    // Investments opened without a subscription record (imports, tests) have no status to move.
    if (!sub) return;
    const next = step(sub.status, target);
    if (!next) return;
    try {
      await applySubscriptionEvent(actor, subscriptionId, next, {}, { expectedStatus: sub.status });
    } catch (error) {
      if (error instanceof DomainError) {
        logger.warn('subscription status not moved', { subscriptionId, step: next, code: error.code });
        return;
      }
      throw error;
    }
  }
};

/** Confirmed: REDEMPTION_PENDING; partly dealt: PARTIALLY_REDEEMED; dealt or paid: by whether it was the whole holding. */
export const redemptionSubscriptionStatus: Consumer = {
  name: 'redemptionSubscriptionStatus',
  // REDEMPTION_CORRECTED: a correction of its entries moved the request's state (correction.service.ts).
  on: ['REDEMPTION_CONFIRMED', 'REDEMPTION_DEALT', 'REDEMPTION_PAID', 'REDEMPTION_CORRECTED'],
  effect: async (event: DomainEvent, once) => {
    await once('', async () => {
      const r = await readRedemption(event.tenantId, String(event.payload.refId));
      if (!r) return;
      const target = subscriptionStatusForRedemption(r.state, r.full);
      if (target) await walk(event, 'redemptionSubscriptionStatus', r.subscriptionId, target, redemptionStep);
    });
  },
};

/** A dealt open-ended order is paid in full at once: the subscription walks to FULLY_INVESTED. */
export const orderSubscriptionStatus: Consumer = {
  name: 'orderSubscriptionStatus',
  on: ['CONTRACT_NOTE_ISSUED'],
  effect: async (event: DomainEvent, once) => {
    await once('', async () => {
      await walk(event, 'orderSubscriptionStatus', String(event.payload.refId), 'FULLY_INVESTED', stepTowards);
    });
  },
};

export const MONEY_DEALING_CONSUMERS: readonly Consumer[] = [
  distributionLedger,
  dealingFills,
  openEndedDealing,
  redemptionSubscriptionStatus,
  orderSubscriptionStatus,
];
