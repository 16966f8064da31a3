import type { Currency } from '../currency.js';
import type { SubscriptionStatus } from '../subscription/statuses.js';
import type { SubscriptionEvent } from '../subscription/subscription-lifecycle.js';
import { subscriptionStatusForNotice } from './call-notice-state.js';
import type { CapitalCallState } from './capital-call-state.js';
import { fromMinorUnits, toMinorUnits } from './decimal.js';
import type { CallNoticeState } from './money-enums.js';

/**
 * Corrections of a capital call's ledger entries (docs/money.md "Corrections of a call's entries"):
 * the arithmetic that keeps a notice and its call in step with the ledger when a CALL, PAYMENT or FEE
 * recorded against the notice is reversed (and, optionally, re-entered as it should have been).
 * Exact integer minor units throughout.
 *
 * The lifecycles (call-notice-state.ts, capital-call-state.ts) record decisions: money recorded,
 * receipt confirmed. A correction restates figures, so the state after it is the one those decisions
 * reach with the corrected figures: a notice with nothing paid is OUTSTANDING, one paid in part has
 * FUNDS_RECEIVED, and a confirmed receipt stands only while the notice is still paid in full (else
 * it goes back to FUNDS_RECEIVED and must be confirmed again); a call is ISSUED, PARTLY_PAID or PAID by
 * what its notices hold. `call-correction.test.ts` checks this against replaying the surviving
 * payments through the lifecycles.
 */

export interface NoticeFigures {
  /** What the notice calls (its items' sum). */
  amount: string;
  /** PAYMENT entries against it, net of reversals. */
  paid: string;
  /** FEE entries against it, net of reversals. */
  feesPosted: string;
  /** Management fee + expenses: the part of the amount taken as fees, in proportion as money arrives. */
  feeItems: string;
  state: CallNoticeState;
}

/** Fees due once `paid` of `amount` has arrived: feeItems × paid / amount, half to even. */
export const feesDueOn = (feeItems: string, amount: string, paid: string, currency: Currency): string => {
  const a = toMinorUnits(amount, currency);
  if (a === 0n) return fromMinorUnits(0n, currency);
  const num = toMinorUnits(feeItems, currency) * toMinorUnits(paid, currency);
  const q = num / a;
  const r = num % a;
  // Half to even, as decimal.ts rounds money.
  const up = r * 2n > a || (r * 2n === a && q % 2n === 1n);
  return fromMinorUnits(up ? q + 1n : q, currency);
};

/** The notice's state once its paid figure is `paid` (see the module's comment). */
export const noticeStateFor = (before: CallNoticeState, paid: bigint, amount: bigint): CallNoticeState => {
  if (paid <= 0n) return 'OUTSTANDING';
  if (paid < amount) return 'FUNDS_RECEIVED';
  // Paid in full: a confirmation already taken stands; otherwise it waits for one.
  return before === 'OUTSTANDING' ? 'FUNDS_RECEIVED' : before;
};

/** The call's state once its notices hold `paid` of `total`. */
export const callStateFor = (
  paid: bigint,
  total: bigint,
): Extract<CapitalCallState, 'ISSUED' | 'PARTLY_PAID' | 'PAID'> =>
  paid <= 0n ? 'ISSUED' : paid < total ? 'PARTLY_PAID' : 'PAID';

export interface PaymentCorrection {
  /** The PAYMENT entry reversed. */
  payment: string;
  /** The FEE entry posted with it (same append), reversed with it; '0' when none was. */
  fee: string;
  /** The payment as it should have been; undefined for a reversal only. */
  corrected?: string;
}

export interface PaymentCorrectionResult {
  paid: string;
  feesPosted: string;
  /** The FEE entry to post with the corrected payment (0: none). */
  fee: string;
  state: CallNoticeState;
  /** Paid in full before and not after, or the other way round. */
  fullBefore: boolean;
  fullAfter: boolean;
}

/**
 * A PAYMENT against a notice reversed, with the FEE posted alongside it, and optionally re-entered:
 * the paid figure moves by (corrected − payment), and the fee of the corrected payment is what the
 * running total then owes (never below zero), as recording it fresh would have posted. Answers
 * `{ exceeds: outstanding }` when the corrected payment would pay more than the notice calls.
 */
export const correctPayment = (
  notice: NoticeFigures,
  change: PaymentCorrection,
  currency: Currency,
): PaymentCorrectionResult | { exceeds: string } => {
  const m = (s: string) => toMinorUnits(s, currency);
  const amount = m(notice.amount);
  const paidBefore = m(notice.paid);
  const paid = paidBefore - m(change.payment) + (change.corrected ? m(change.corrected) : 0n);
  if (paid > amount) return { exceeds: fromMinorUnits(amount - (paidBefore - m(change.payment)), currency) };
  const base = m(notice.feesPosted) - m(change.fee);
  let fee = 0n;
  if (change.corrected) {
    const due = m(feesDueOn(notice.feeItems, notice.amount, fromMinorUnits(paid, currency), currency));
    fee = due > base ? due - base : 0n;
    // Never more fee than the corrected payment itself.
    if (fee > m(change.corrected)) fee = m(change.corrected);
  }
  return {
    paid: fromMinorUnits(paid, currency),
    feesPosted: fromMinorUnits(base + fee, currency),
    fee: fromMinorUnits(fee, currency),
    state: noticeStateFor(notice.state, paid, amount),
    fullBefore: paidBefore >= amount,
    fullAfter: paid >= amount,
  };
};

export interface CallItems {
  investment: string;
  managementFee: string;
  expenses: string;
}

/**
 * A CALL entry reversed (the investor is called for nothing: every item 0) or re-entered at
 * `corrected`. Only on a notice with nothing paid against it (its payments are corrected first), so
 * no money sits on a part that moves. A corrected amount moves the investment item by the difference
 * (the management fee and expenses are kept); one below the fee and expenses is refused (`belowFees`).
 * `delta` per item is what the call's totals move by.
 */
export const correctCall = (
  items: CallItems,
  corrected: string | undefined,
  currency: Currency,
): { amount: string; items: CallItems; delta: CallItems & { amount: string } } | { belowFees: string } => {
  const m = (s: string) => toMinorUnits(s, currency);
  const f = (v: bigint) => fromMinorUnits(v, currency);
  const amountBefore = m(items.investment) + m(items.managementFee) + m(items.expenses);
  if (corrected === undefined) {
    return {
      amount: f(0n),
      items: { investment: f(0n), managementFee: f(0n), expenses: f(0n) },
      delta: {
        investment: f(-m(items.investment)),
        managementFee: f(-m(items.managementFee)),
        expenses: f(-m(items.expenses)),
        amount: f(-amountBefore),
      },
    };
  }
  const delta = m(corrected) - amountBefore;
  const investment = m(items.investment) + delta;
  if (investment < 0n) return { belowFees: f(m(items.managementFee) + m(items.expenses)) };
  return {
    amount: f(m(corrected)),
    items: { ...items, investment: f(investment) },
    delta: { investment: f(delta), managementFee: f(0n), expenses: f(0n), amount: f(delta) },
  };
};

// ---- The subscription's status after a correction (docs/money.md "A correction that undoes a payment")

/** How far a notice has come: the payment path's order. */
const NOTICE_PROGRESS: Readonly<Record<CallNoticeState, number>> = {
  OUTSTANDING: 0,
  FUNDS_RECEIVED: 1,
  RECEIPT_CONFIRMED: 2,
  INVESTED: 3,
};

/** The money statuses of a subscription (spec section 4), in the order the payment path reaches them. */
export type MoneyStatus = ReturnType<typeof subscriptionStatusForNotice>;
const MONEY_PROGRESS: Readonly<Record<MoneyStatus, number>> = {
  CAPITAL_CALL_OUTSTANDING: 0,
  FUND_RECEIVED: 1,
  RECEIPT_CONFIRMED: 2,
  INVESTED: 3,
  FULLY_INVESTED: 3,
};

/**
 * The status a subscription's notices justify: that of its least advanced notice (an outstanding call
 * holds it at CAPITAL_CALL_OUTSTANDING however much of its earlier calls is invested; an earlier call
 * whose receipt a correction undid holds it at FUND_RECEIVED), and once every notice is confirmed,
 * INVESTED, or FULLY_INVESTED when nothing of the commitment is left undrawn, as the payment path
 * decides (`subscriptionStatusForNotice`). A notice that calls nothing (its CALL reversed) asks for no
 * money and counts for nothing; undefined when no notice calls anything (no money status to derive).
 */
export const subscriptionStatusForNotices = (
  notices: readonly { state: CallNoticeState; amount: string }[],
  undrawn: string,
  currency: Currency,
): MoneyStatus | undefined => {
  let least: CallNoticeState | undefined;
  for (const n of notices) {
    if (toMinorUnits(n.amount, currency) <= 0n) continue;
    if (least === undefined || NOTICE_PROGRESS[n.state] < NOTICE_PROGRESS[least]) least = n.state;
  }
  return least === undefined ? undefined : subscriptionStatusForNotice(least, undrawn);
};

const isMoneyStatus = (s: SubscriptionStatus): s is MoneyStatus => s in MONEY_PROGRESS;

/**
 * The step back a correction takes a subscription (subscription-lifecycle.ts REVERSE_FUNDS,
 * REVERSE_RECEIPT) from a money status further along than `to`: nothing of the call paid any more
 * (CAPITAL_CALL_OUTSTANDING), or part of it, unconfirmed (FUND_RECEIVED). Undefined when `to` is not
 * behind `from` (the forward steps are the payment path's), or `from` is not a money status (a
 * redemption under way is left alone).
 */
export const reversalStep = (
  from: SubscriptionStatus,
  to: MoneyStatus,
): Extract<SubscriptionEvent, 'REVERSE_FUNDS' | 'REVERSE_RECEIPT'> | undefined => {
  if (!isMoneyStatus(from) || MONEY_PROGRESS[to] >= MONEY_PROGRESS[from]) return undefined;
  if (to === 'CAPITAL_CALL_OUTSTANDING') return 'REVERSE_FUNDS';
  if (to === 'FUND_RECEIVED') return 'REVERSE_RECEIPT';
  // RECEIPT_CONFIRMED is never a notice's lasting state (confirming invests in the same commit).
  return undefined;
};
