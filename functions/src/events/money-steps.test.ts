import { noticeStateFor, subscriptionStatusForNotices } from '@tranche/shared/money/call-correction';
import { CALL_NOTICE_LIFECYCLE, type CallNoticeState } from '@tranche/shared/money/call-notice-state';
import { fromMinorUnits } from '@tranche/shared/money/decimal';
import type { SubscriptionStatus } from '@tranche/shared/subscription/statuses';
import { SUBSCRIPTION_LIFECYCLE } from '@tranche/shared/subscription/subscription-lifecycle';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noticesTarget, stepTowards } from './money-steps.js';

/**
 * The subscription following its notices (docs/money.md "A correction that undoes a payment"): the
 * consumer `moneySubscriptionStatus` (money.ts) walks from the subscription's status to the one its
 * notices justify (`subscriptionStatusForNotices`), back only for a correction and only to where the
 * corrected notice stands. Every step must be a SYSTEM transition of issue 13's lifecycle.
 */
const USD = 'USD' as const;
const cents = (n: bigint) => fromMinorUnits(n, USD);

/** What the consumer does with one event: the walk, each step through the lifecycle as the platform. */
const follow = (from: SubscriptionStatus, to: SubscriptionStatus | undefined, undo: boolean): SubscriptionStatus[] => {
  const path = [from];
  if (!to) return path;
  let at = from;
  for (let i = 0; i < 5; i++) {
    const event = stepTowards(at, to, undo);
    if (!event) break;
    at = SUBSCRIPTION_LIFECYCLE.next(at, event, 'SYSTEM', { type: 'COMMON_SUBSCRIPTION' });
    path.push(at);
  }
  return path;
};

interface Notice {
  amount: bigint;
  paid: bigint;
  state: CallNoticeState;
}

/** One investment's notices and its commitment, as the consumer reads them. */
class Position {
  notices: Notice[] = [];
  status: SubscriptionStatus = 'COMMITTED';
  constructor(readonly commitment: bigint) {}

  get undrawn() {
    return cents(this.commitment - this.notices.reduce((s, n) => s + n.amount, 0n));
  }
  target() {
    return subscriptionStatusForNotices(
      this.notices.map((n) => ({ state: n.state, amount: cents(n.amount) })),
      this.undrawn,
      USD,
    );
  }
  /** The consumer on an event about notice `i` (`corrected`: CAPITAL_CALL_NOTICE_CORRECTED). */
  consume(i: number, corrected: boolean) {
    const notices = this.notices.map((n, k) => ({ callId: String(k), state: n.state, amount: cents(n.amount) }));
    const where = noticesTarget(notices, String(i), corrected, this.undrawn, USD);
    if (where) this.status = follow(this.status, where.target, where.undo).at(-1) as SubscriptionStatus;
  }
  issue(amount: bigint) {
    this.notices.push({ amount, paid: 0n, state: 'OUTSTANDING' });
    this.consume(this.notices.length - 1, false);
  }
  pay(i: number, amount: bigint) {
    const n = this.notices[i] as Notice;
    n.state = CALL_NOTICE_LIFECYCLE.next(n.state, 'RECORD_FUNDS', 'GP_MEMBER', {
      due: cents(n.amount),
      paid: cents(n.paid),
    });
    n.paid += amount;
    this.consume(i, false);
  }
  /** confirmReceipt: RECEIPT_CONFIRMED then INVESTED in one commit. */
  confirm(i: number) {
    const n = this.notices[i] as Notice;
    const ctx = { due: cents(n.amount), paid: cents(n.paid) };
    n.state = CALL_NOTICE_LIFECYCLE.next(
      CALL_NOTICE_LIFECYCLE.next(n.state, 'CONFIRM_RECEIPT', 'GP_ADMIN', ctx),
      'MARK_INVESTED',
      'GP_ADMIN',
      ctx,
    );
    this.consume(i, false);
  }
  /** A PAYMENT correction leaving `paid` on the notice (correction.service.ts through noticeStateFor). */
  correct(i: number, paid: bigint) {
    const n = this.notices[i] as Notice;
    n.state = noticeStateFor(n.state, paid, n.amount);
    n.paid = paid;
    this.consume(i, true);
  }
}

describe('the status a subscription’s notices justify', () => {
  const at = (state: CallNoticeState, amount = '100.00') => ({ state, amount });
  it('is its least advanced notice’s, and invested only once every notice is confirmed', () => {
    expect(subscriptionStatusForNotices([], '100.00', USD)).toBeUndefined();
    expect(subscriptionStatusForNotices([at('INVESTED'), at('OUTSTANDING')], '10.00', USD)).toBe(
      'CAPITAL_CALL_OUTSTANDING',
    );
    // An earlier call fully paid and confirmed, a later one's payment taken back in part.
    expect(subscriptionStatusForNotices([at('INVESTED'), at('FUNDS_RECEIVED')], '0.00', USD)).toBe('FUND_RECEIVED');
    expect(subscriptionStatusForNotices([at('INVESTED'), at('INVESTED')], '10.00', USD)).toBe('INVESTED');
    expect(subscriptionStatusForNotices([at('INVESTED'), at('INVESTED')], '0.00', USD)).toBe('FULLY_INVESTED');
    // A reversed call calls nothing and holds nothing back.
    expect(subscriptionStatusForNotices([at('INVESTED'), at('OUTSTANDING', '0.00')], '10.00', USD)).toBe('INVESTED');
    expect(subscriptionStatusForNotices([at('OUTSTANDING', '0.00')], '10.00', USD)).toBeUndefined();
  });
});

describe('a correction that undoes a payment', () => {
  it('steps back as the platform, and forward again to where a straight path lands', () => {
    const straight = new Position(100_00n);
    straight.issue(40_00n);
    straight.pay(0, 40_00n);
    straight.confirm(0);
    expect(straight.status).toBe('INVESTED');

    const p = new Position(100_00n);
    p.issue(40_00n);
    p.pay(0, 40_00n);
    p.confirm(0);
    // 40.00 recorded, 25.00 arrived: part paid, the receipt undone.
    p.correct(0, 25_00n);
    expect(p.status).toBe('FUND_RECEIVED');
    // Nothing arrived at all.
    p.correct(0, 0n);
    expect(p.status).toBe('CAPITAL_CALL_OUTSTANDING');
    p.pay(0, 40_00n);
    expect(p.status).toBe('FUND_RECEIVED');
    p.confirm(0);
    expect(p.status).toBe(straight.status);
  });

  it('takes a fully invested subscription back when its last call’s receipt is undone, and no further', () => {
    const p = new Position(100_00n);
    p.issue(40_00n);
    p.pay(0, 40_00n);
    p.confirm(0);
    p.issue(60_00n);
    expect(p.status).toBe('CAPITAL_CALL_OUTSTANDING');
    p.pay(1, 60_00n);
    p.confirm(1);
    expect(p.status).toBe('FULLY_INVESTED');
    p.correct(1, 59_00n);
    expect(p.status).toBe('FUND_RECEIVED');
    p.pay(1, 1_00n);
    p.confirm(1);
    expect(p.status).toBe('FULLY_INVESTED');
  });

  it('never moves back on money arriving, nor on a correction that is not what holds the subscription', () => {
    expect(stepTowards('FUND_RECEIVED', 'CAPITAL_CALL_OUTSTANDING')).toBeUndefined();
    expect(stepTowards('FULLY_INVESTED', 'FUND_RECEIVED')).toBeUndefined();
    // A new call from invested is ISSUE_CAPITAL_CALL, a correction's step back REVERSE_FUNDS.
    expect(stepTowards('INVESTED', 'CAPITAL_CALL_OUTSTANDING')).toBe('ISSUE_CAPITAL_CALL');
    expect(stepTowards('INVESTED', 'CAPITAL_CALL_OUTSTANDING', true)).toBe('REVERSE_FUNDS');
    // A redemption under way is not money's to undo.
    expect(stepTowards('REDEMPTION_PENDING', 'FUND_RECEIVED', true)).toBeUndefined();
    // An earlier call corrected while a later one is outstanding: the later call holds the status.
    const p = new Position(100_00n);
    p.issue(40_00n);
    p.pay(0, 40_00n);
    p.confirm(0);
    p.issue(30_00n);
    p.correct(0, 10_00n);
    expect(p.status).toBe('CAPITAL_CALL_OUTSTANDING');
    p.pay(1, 30_00n);
    p.confirm(1);
    // The earlier call's receipt is still undone: funds received, not invested.
    expect(p.status).toBe('FUND_RECEIVED');
    p.pay(0, 30_00n);
    p.confirm(0);
    expect(p.status).toBe('INVESTED');
  });

  it('keeps the status equal to what the notices justify through random calls, payments and corrections', () => {
    // Each op: [kind, which notice, a fraction in ten-thousandths].
    const op = fc.tuple(
      fc.constantFrom('issue', 'pay', 'confirm', 'correct'),
      fc.nat({ max: 3 }),
      fc.integer({ min: 0, max: 10_000 }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 100n, max: 10_000_000n }), fc.array(op, { maxLength: 40 }), (commitment, ops) => {
        const p = new Position(commitment);
        for (const [kind, k, part] of ops) {
          const undrawn = commitment - p.notices.reduce((s, n) => s + n.amount, 0n);
          // Calls are issued once the earlier ones are confirmed (a call issued beside an unconfirmed one
          // does not move the subscription back, as before: docs/money.md).
          if (kind === 'issue') {
            if (undrawn <= 0n || p.notices.some((n) => n.state !== 'INVESTED')) continue;
            p.issue(1n + ((undrawn - 1n) * BigInt(part)) / 10_000n);
            continue;
          }
          const i = p.notices.length === 0 ? -1 : k % p.notices.length;
          const n = p.notices[i];
          if (!n) continue;
          if (kind === 'pay') {
            if (n.paid >= n.amount || n.state === 'INVESTED') continue;
            p.pay(i, 1n + ((n.amount - n.paid - 1n) * BigInt(part)) / 10_000n);
          } else if (kind === 'confirm') {
            if (n.paid < n.amount || n.state !== 'FUNDS_RECEIVED') continue;
            p.confirm(i);
          } else {
            if (n.paid === 0n) continue;
            p.correct(i, (n.paid * BigInt(part)) / 10_000n);
          }
          expect(p.status).toBe(p.target());
        }
        // Paying and confirming what is left lands where a straight path of the same calls would.
        p.notices.forEach((n, i) => {
          if (n.paid < n.amount) p.pay(i, n.amount - n.paid);
          if (n.state === 'FUNDS_RECEIVED') p.confirm(i);
        });
        if (p.notices.length > 0) {
          const straight = new Position(commitment);
          for (const n of p.notices) {
            straight.issue(n.amount);
            straight.pay(straight.notices.length - 1, n.amount);
            straight.confirm(straight.notices.length - 1);
          }
          expect(p.status).toBe(straight.status);
        }
      }),
      { numRuns: 300 },
    );
  });
});
