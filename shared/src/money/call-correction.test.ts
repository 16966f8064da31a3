import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callStateFor, correctCall, correctPayment, feesDueOn, type NoticeFigures } from './call-correction.js';
import { CALL_NOTICE_LIFECYCLE, type CallNoticeState } from './call-notice-state.js';
import { CAPITAL_CALL_LIFECYCLE, type CapitalCallState } from './capital-call-state.js';
import { dec, fromMinorUnits, toAmount, toMinorUnits } from './decimal.js';

/**
 * Corrections of a capital call's entries (docs/money.md "Corrections of a call's entries"): the
 * notice's figures and state after a correction are those the payment path reaches with the corrected
 * payments, and the fees still come out exactly at the notice's fee items once it is paid.
 */
const USD = 'USD' as const;
const cents = (n: bigint) => fromMinorUnits(n, USD);
const m = (s: string) => toMinorUnits(s, USD);

/** recordPayment's fee rule (capital-call.service.ts), in decimals: fees due on the running total. */
const feesDueDecimal = (feeItems: string, amount: string, paid: string) =>
  toAmount(dec(feeItems).mul(dec(paid)).div(dec(amount)), USD);

/** The payment path replayed: each payment's FEE is what the running total owes beyond what is posted. */
const pay = (n: NoticeFigures, amount: bigint): { notice: NoticeFigures; fee: bigint } => {
  const paid = m(n.paid) + amount;
  const due = m(feesDueDecimal(n.feeItems, n.amount, cents(paid)));
  const fee = due - m(n.feesPosted);
  const state = CALL_NOTICE_LIFECYCLE.next(n.state, 'RECORD_FUNDS', 'GP_MEMBER', { due: n.amount, paid: n.paid });
  return { notice: { ...n, paid: cents(paid), feesPosted: cents(due), state }, fee };
};

const notices = fc
  .record({
    investment: fc.bigInt({ min: 1n, max: 10_000_000n }),
    fee: fc.bigInt({ min: 0n, max: 1_000_000n }),
    expenses: fc.bigInt({ min: 0n, max: 100_000n }),
  })
  .map(({ investment, fee, expenses }) => ({
    amount: investment + fee + expenses,
    feeItems: fee + expenses,
    investment,
  }));

describe('fees due on a running total', () => {
  it('equal the payment path’s decimal rule, half to even', () => {
    fc.assert(
      fc.property(notices, fc.bigInt({ min: 0n, max: 1n << 40n }), ({ amount, feeItems }, raw) => {
        const paid = cents(raw % (amount + 1n));
        expect(feesDueOn(cents(feeItems), cents(amount), paid, USD)).toBe(
          feesDueDecimal(cents(feeItems), cents(amount), paid),
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('a payment against a notice, corrected', () => {
  const scenario = notices.chain((n) =>
    fc.record({
      n: fc.constant(n),
      // Shares of the amount paid in up to four payments (some may leave the notice part paid).
      shares: fc.array(fc.bigInt({ min: 1n, max: 1000n }), { minLength: 1, maxLength: 4 }),
      partial: fc.boolean(),
      confirm: fc.boolean(),
      pick: fc.nat(),
      corrected: fc.option(fc.bigInt({ min: 1n, max: 1n << 50n }), { nil: undefined }),
    }),
  );

  it('moves paid, fees and state as the payment path would with the corrected payments', () => {
    fc.assert(
      fc.property(scenario, ({ n, shares, partial, confirm, pick, corrected }) => {
        // The payments: the amount split by the shares (the last takes the rest unless partial).
        const sum = shares.reduce((a, b) => a + b, 0n);
        const payments = shares.map((s) => (n.amount * s) / sum).map((p) => (p > 0n ? p : 1n));
        let left = n.amount;
        const made: bigint[] = [];
        for (const p of payments) {
          const take = p < left ? p : left;
          if (take > 0n) made.push(take);
          left -= take;
        }
        if (!partial && left > 0n) made.push(left);
        if (made.length === 0) return;
        let notice: NoticeFigures = {
          amount: cents(n.amount),
          paid: cents(0n),
          feesPosted: cents(0n),
          feeItems: cents(n.feeItems),
          state: 'OUTSTANDING',
        };
        const fees: bigint[] = [];
        for (const p of made) {
          const r = pay(notice, p);
          notice = r.notice;
          fees.push(r.fee);
        }
        const full = m(notice.paid) >= n.amount;
        if (confirm && full) notice = { ...notice, state: 'INVESTED' };

        const j = pick % made.length;
        const others = m(notice.paid) - (made[j] as bigint);
        const room = n.amount - others;
        const c = corrected === undefined ? undefined : (corrected % (room + 2n)) + 0n;
        const result = correctPayment(
          notice,
          {
            payment: cents(made[j] as bigint),
            fee: cents(fees[j] as bigint),
            ...(c !== undefined && c > 0n ? { corrected: cents(c) } : {}),
          },
          USD,
        );
        const newPaid = others + (c !== undefined && c > 0n ? c : 0n);
        if (newPaid > n.amount) {
          expect(result).toEqual({ exceeds: cents(room) });
          return;
        }
        if ('exceeds' in result) throw new Error('refused a correction within the notice');
        expect(m(result.paid)).toBe(newPaid);

        // The state the lifecycle reaches recording the surviving and corrected payments afresh; a
        // confirmation taken before stands only while the notice is still paid in full.
        let replay: CallNoticeState = 'OUTSTANDING';
        let replayPaid = 0n;
        for (const p of [...made.filter((_, i) => i !== j), ...(c !== undefined && c > 0n ? [c] : [])]) {
          replay = CALL_NOTICE_LIFECYCLE.next(replay, 'RECORD_FUNDS', 'GP_MEMBER', {
            due: cents(n.amount),
            paid: cents(replayPaid),
          });
          replayPaid += p;
        }
        const expected = notice.state === 'INVESTED' && newPaid >= n.amount ? 'INVESTED' : replay;
        expect(result.state).toBe(expected);
        expect([result.fullBefore, result.fullAfter]).toEqual([full, newPaid >= n.amount]);

        // Fees posted are what the entries say: the others' fees plus the corrected payment's fee.
        const otherFees = fees.reduce((a, f, i) => (i === j ? a : a + f), 0n);
        expect(m(result.feesPosted)).toBe(otherFees + m(result.fee));
        // Then the rest is paid through the payment path: the fee entries add up to the fee items exactly.
        let after: NoticeFigures = { ...notice, paid: result.paid, feesPosted: result.feesPosted, state: result.state };
        let live = m(result.feesPosted);
        if (newPaid < n.amount) {
          const r = pay(after, n.amount - newPaid);
          after = r.notice;
          live += r.fee;
        }
        expect(live).toBe(n.feeItems);
      }),
      { numRuns: 500 },
    );
  });

  it('takes the notice back to outstanding when its only payment is reversed, and undoes a confirmation', () => {
    const notice: NoticeFigures = {
      amount: '1000.00',
      paid: '1000.00',
      feesPosted: '100.00',
      feeItems: '100.00',
      state: 'INVESTED',
    };
    expect(correctPayment(notice, { payment: '1000.00', fee: '100.00' }, USD)).toEqual({
      paid: '0.00',
      feesPosted: '0.00',
      fee: '0.00',
      state: 'OUTSTANDING',
      fullBefore: true,
      fullAfter: false,
    });
    expect(correctPayment(notice, { payment: '1000.00', fee: '100.00', corrected: '400.00' }, USD)).toEqual({
      paid: '400.00',
      feesPosted: '40.00',
      fee: '40.00',
      state: 'FUNDS_RECEIVED',
      fullBefore: true,
      fullAfter: false,
    });
    // A corrected date or units only: still paid in full, the confirmation stands.
    expect(correctPayment(notice, { payment: '1000.00', fee: '100.00', corrected: '1000.00' }, USD)).toMatchObject({
      state: 'INVESTED',
      feesPosted: '100.00',
    });
    expect(correctPayment(notice, { payment: '1000.00', fee: '100.00', corrected: '1000.01' }, USD)).toEqual({
      exceeds: '1000.00',
    });
  });
});

describe('the call’s state after a correction', () => {
  it('is the state its payments reach through the lifecycle', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 1n << 40n }), fc.bigInt({ min: 0n, max: 1n << 41n }), (total, raw) => {
        const paid = raw % (total + 1n);
        let replay: CapitalCallState = 'ISSUED';
        if (paid > 0n) {
          const last = paid >= total ? 'RECORD_FINAL_PAYMENT' : 'RECORD_PART_PAYMENT';
          replay = CAPITAL_CALL_LIFECYCLE.next('ISSUED', last, 'GP_MEMBER', {
            actorId: 'a',
            preparedBy: 'b',
            paidInFull: paid >= total,
          });
        }
        expect(callStateFor(paid, total)).toBe(replay);
      }),
    );
  });
});

describe('a CALL entry, corrected', () => {
  it('moves the investment item by the difference and keeps the items summing to the amount', () => {
    fc.assert(
      fc.property(notices, fc.option(fc.bigInt({ min: 0n, max: 1n << 30n }), { nil: undefined }), (n, corrected) => {
        const items = {
          investment: cents(n.investment),
          managementFee: cents(n.feeItems),
          expenses: cents(0n),
        };
        const result = correctCall(items, corrected === undefined ? undefined : cents(corrected), USD);
        if (corrected !== undefined && corrected < n.feeItems) {
          expect(result).toEqual({ belowFees: cents(n.feeItems) });
          return;
        }
        if ('belowFees' in result) throw new Error('refused a corrected call above the fees');
        const sum = m(result.items.investment) + m(result.items.managementFee) + m(result.items.expenses);
        expect(sum).toBe(m(result.amount));
        expect(m(result.delta.amount)).toBe(m(result.amount) - n.amount);
        expect(m(result.delta.investment) + m(result.delta.managementFee) + m(result.delta.expenses)).toBe(
          m(result.delta.amount),
        );
        // A reversal calls nothing.
        if (corrected === undefined) expect(result.amount).toBe('0.00');
      }),
      { numRuns: 300 },
    );
  });
});
