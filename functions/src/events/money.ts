import type { DomainEvent } from '@tranche/shared/events/catalogue';
import { dec, toAmount } from '@tranche/shared/money/decimal';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { event as eventDraft } from '#lib/db/commit';
import { DomainError } from '#lib/errors';
import { logger } from '#lib/logger';
import { accountKindOfProfile } from '../money/account-kind.repo.js';
import { readCall, readNotice } from '../money/call.records.js';
import { noticeChange } from '../money/capital-call.service.js';
import { investmentsOfProduct, readInvestment, readLedger } from '../money/investment.repo.js';
import { openingChange } from '../money/investment.service.js';
import { formatMoney } from '../money/money-text.js';
import { loadProduct } from '../product/product.repo.js';
import { getSubscriptionRecord } from '../subscription/subscription.repo.js';
import { applySubscriptionEvent } from '../subscription/subscription.service.js';
import { commitOnce, inPool } from './commit-once.js';
import type { Consumer } from './consumer.js';
import { MONEY_DEALING_CONSUMERS } from './money-dealing.js';
import { noticesTarget, stepTowards } from './money-steps.js';
import { navSummaries } from './money-summaries.js';

/**
 * What money events cause elsewhere (issue 14, docs/money.md "Storage and routes"). Each commit is
 * keyed by the event and the record it writes (commitOnce), so a redelivered event repeats nothing,
 * and a fan-out that dies halfway resumes where it stopped.
 */

/**
 * A countersigned subscription opens its investment's ledger with the COMMITMENT (closed-ended: the
 * commitment; open-ended: the order), read afresh from the subscription record (the event carries
 * only what the inbox needs).
 */
export const moneyCommitments: Consumer = {
  name: 'moneyCommitments',
  on: ['SUBSCRIPTION_COUNTERSIGNED'],
  effect: async (event: DomainEvent, once) => {
    const subscriptionId = String(event.payload.refId);
    await once('', async () => {
      await commitOnce(event, 'moneyCommitments', async (actor) => {
        const sub = await getSubscriptionRecord(event.tenantId, subscriptionId);
        if (!sub?.amount || dec(sub.amount).lte(0)) {
          logger.warn('countersigned subscription without an amount: no commitment', { subscriptionId });
          return undefined;
        }
        const { product, classes } = await loadProduct(event.tenantId, sub.productId, true);
        const shareClassId = sub.shareClassId ?? classes[0]?.shareClassId;
        if (!shareClassId) return undefined;
        const change = await openingChange(event.tenantId, actor.at, {
          subscriptionId,
          investorId: sub.investorUserId,
          productId: sub.productId,
          shareClassId,
          currency: sub.currency,
          fundType: product.fundType,
          // IRA when the profile pays only through IRA accounts: its calls open the Instruct task.
          accountKind: await accountKindOfProfile(event.tenantId, sub.profileId, sub.currency),
          fund: sub.fund || product.name.en,
          amount: sub.amount,
          effectiveDate: event.at.slice(0, 10),
        });
        return change && { ...change, result: undefined };
      });
    });
  },
};

/** Notices a delivery writes before it hands the rest of the call to the next page. */
export const NOTICES_PER_PAGE = 500;

/**
 * An issued call: each investor's notice, CALL entry and CAPITAL_CALL_ISSUED, one commit per investor,
 * NOTICES_PER_PAGE investors per delivery. CAPITAL_CALL_RELEASED starts at the first row; when rows
 * remain, the page hands itself the next one as CAPITAL_CALL_NOTICES_PAGED (committed once per
 * event, after every notice of the page is written). A delivery that dies is delivered again and
 * skips what it wrote (per-row marks, commitOnce, and noticeChange refusing a notice that exists), so
 * no call stays half-issued, and no delivery of a 5,000-investor call has to outlive the worker's timeout.
 */
export const capitalCallNotices: Consumer = {
  name: 'capitalCallNotices',
  on: ['CAPITAL_CALL_RELEASED', 'CAPITAL_CALL_NOTICES_PAGED'],
  effect: async (event: DomainEvent, once) => {
    const callId = String(event.payload.callId);
    const call = await readCall(event.tenantId, callId);
    if (!call?.issuedAt) return;
    const from = event.name === 'CAPITAL_CALL_NOTICES_PAGED' ? Number(event.payload.from) : 0;
    const page = call.allocation.slice(from, from + NOTICES_PER_PAGE);
    await inPool(page, async (row) => {
      await once(row.subscriptionId, async () => {
        await commitOnce(event, `capitalCallNotices#${row.subscriptionId}`, (actor) =>
          noticeChange(event.tenantId, actor.at, call, row),
        );
      });
    });
    const next = from + NOTICES_PER_PAGE;
    if (next >= call.allocation.length) return;
    await once('next', async () => {
      await commitOnce(event, 'capitalCallNotices#next', async () => ({
        steps: [],
        events: [eventDraft('CAPITAL_CALL_NOTICES_PAGED', callId, { callId, from: next })],
        result: undefined,
      }));
    });
  },
};

/** A posted NAV: each holder of the class gets NAV_UPDATED with their holding's value (one event each). */
export const navHolders: Consumer = {
  name: 'navHolders',
  on: ['NAV_POSTED'],
  effect: async (event: DomainEvent, once) => {
    const productId = String(event.payload.productId);
    const shareClassId = String(event.payload.shareClassId);
    const navPerUnit = String(event.payload.navPerUnit);
    const navDate = String(event.payload.navDate);
    const holders = (await investmentsOfProduct(event.tenantId, productId)).filter(
      (i) => i.shareClassId === shareClassId && dec(i.balances.units).gt(0),
    );
    await inPool(holders, async (inv) => {
      await once(inv.subscriptionId, async () => {
        await commitOnce(event, `navHolders#${inv.subscriptionId}`, async () => ({
          steps: [],
          events: [
            eventDraft('NAV_UPDATED', inv.subscriptionId, {
              refId: inv.subscriptionId,
              userIds: [inv.investorId],
              fund: inv.fund,
              nav: formatMoney(toAmount(dec(inv.balances.units).mul(dec(navPerUnit)), inv.currency), inv.currency),
              navDate,
            }),
          ],
          result: undefined,
        }));
      });
    });
  },
};

/** Every notice of one investment: its calls are named by the ledger's CALL entries (one partition). */
const noticesOfInvestment = async (tenantId: string, subscriptionId: string) => {
  const callIds = new Set<string>();
  for (const e of await readLedger(tenantId, subscriptionId)) if (e.kind === 'CALL' && e.callId) callIds.add(e.callId);
  const notices = await Promise.all([...callIds].map((callId) => readNotice(tenantId, callId, subscriptionId)));
  return notices.filter((n) => n !== undefined);
};

/**
 * The subscription follows its notices (CAPITAL_CALL_OUTSTANDING, FUND_RECEIVED, RECEIPT_CONFIRMED,
 * INVESTED, FULLY_INVESTED: call-correction.ts `subscriptionStatusForNotices`, its least advanced
 * notice), through the subscription's own SYSTEM transitions (issue 13's `applySubscriptionEvent`,
 * each a commit with its SUBSCRIPTION_STATUS_CHANGED, the audit record), each conditional on the status
 * it starts from. Events may arrive in any order and more than once: the consumer reads the notices
 * and the subscription afresh and walks from where the subscription is to where the notices are, so a
 * redelivery finds nothing left to do. Money moves it forward; a corrected payment may also move it
 * back (REVERSE_FUNDS, REVERSE_RECEIPT), when the corrected notice is the one holding it there
 * (docs/money.md "A correction that undoes a payment").
 */
export const moneySubscriptionStatus: Consumer = {
  name: 'moneySubscriptionStatus',
  on: [
    'CAPITAL_CALL_ISSUED',
    'CAPITAL_CALL_PAYMENT_RECORDED',
    'FUNDS_RECEIVED',
    'CAPITAL_CALL_RECEIPT_CONFIRMED',
    // A corrected entry: forward (a corrected payment completing the notice) or back (money taken back).
    'CAPITAL_CALL_NOTICE_CORRECTED',
  ],
  effect: async (event: DomainEvent, once) => {
    const callId = String(event.payload.callId ?? event.subject.id);
    const subscriptionId = String(event.payload.subscriptionId ?? event.payload.refId);
    // A corrected CALL moves no money: the notice is OUTSTANDING before and after (or calls nothing).
    // What a reversed call should do to a subscription whose earlier calls are invested is left
    // (docs/money.md "What is left"); walking forward here would record funds that never came.
    if (event.name === 'CAPITAL_CALL_NOTICE_CORRECTED' && event.payload.kind === 'CALL') return;
    await once('', async () => {
      const [notices, inv] = await Promise.all([
        noticesOfInvestment(event.tenantId, subscriptionId),
        readInvestment(event.tenantId, subscriptionId),
      ]);
      if (!inv) return;
      const where = noticesTarget(
        notices,
        callId,
        event.name === 'CAPITAL_CALL_NOTICE_CORRECTED',
        inv.balances.undrawn,
        inv.currency,
      );
      if (!where) return;
      const { target, undo } = where;
      const actor: Actor = {
        tenantId: event.tenantId,
        userId: 'SYSTEM',
        requestId: `moneySubscriptionStatus-${event.eventId}`,
        at: clock.nowIso(),
      };
      for (let i = 0; i < 5; i++) {
        const sub = await getSubscriptionRecord(event.tenantId, subscriptionId);
        // Investments opened without a subscription record (imports, tests) have no status to move.
        if (!sub) return;
        const step = stepTowards(sub.status, target, undo);
        if (!step) return;
        try {
          await applySubscriptionEvent(actor, subscriptionId, step, {}, { expectedStatus: sub.status });
        } catch (error) {
          // A status the lifecycle does not allow from here is a fact to log, not a reason to retry forever.
          if (error instanceof DomainError) {
            logger.warn('subscription status not moved', { subscriptionId, step, code: error.code });
            return;
          }
          throw error;
        }
      }
    });
  },
};

/** The money worker's consumers (WORKERS `moneyEvents`, functions/src/money/dispatch-money.ts). */
export const MONEY_CONSUMERS: readonly Consumer[] = [
  moneyCommitments,
  capitalCallNotices,
  navHolders,
  // The dashboard summaries revalued with the class's new prices (docs/money.md "Dashboard summaries").
  navSummaries,
  moneySubscriptionStatus,
  // Dealing and distributions (docs/money.md "Dealing and distributions").
  ...MONEY_DEALING_CONSUMERS,
];
