import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors/domain-error.js';
import { thrownCode as codeOf } from '../errors/thrown-code.js';
import {
  appendEntry,
  balancesBy,
  balancesOf,
  type LedgerEntry,
  LedgerEntrySchema,
  reversalOf,
  specTransaction,
} from './ledger.js';
import { ledgerSequence } from './ledger-fixtures.js';

const sequence = ledgerSequence({
  investorId: 'inv-1',
  subscriptionId: 'sub-1',
  productId: 'fund-1',
  shareClassId: 'class-A',
  effectiveDate: '2026-01-15',
});
const entry = ({ kind, amount, ...more }: Partial<LedgerEntry> & Pick<LedgerEntry, 'kind' | 'amount'>) =>
  sequence(kind, amount, more);

const post = (...entries: LedgerEntry[]) => entries.reduce<LedgerEntry[]>((l, e) => appendEntry(l, e), []);

describe('ledger balances', () => {
  it('derives committed, called, paid in, invested, undrawn, distributed and redeemed from the entries', () => {
    const ledger = post(
      entry({ kind: 'COMMITMENT', amount: '1000000.00' }),
      entry({ kind: 'CALL', amount: '250000.00', callId: 'call-1' }),
      entry({ kind: 'PAYMENT', amount: '200000.00', callId: 'call-1' }),
      entry({ kind: 'FEE', amount: '2000.00' }),
      entry({ kind: 'DISTRIBUTION_DECLARED', amount: '30000.00' }),
      entry({ kind: 'DISTRIBUTION_PAID', amount: '30000.00', recallable: true }),
      entry({ kind: 'DISTRIBUTION_PAID', amount: '5000.00' }),
      entry({ kind: 'REDEMPTION_PAID', amount: '1000.00' }),
    );
    expect(balancesOf(ledger, 'USD')).toEqual({
      currency: 'USD',
      committed: '1000000.00',
      called: '250000.00',
      paidIn: '200000.00',
      fees: '2000.00',
      invested: '198000.00',
      outstanding: '50000.00',
      // DOMAIN.md: commitment - contributions drawn + recallable distributions = 1,000,000 - 250,000 + 30,000.
      undrawn: '780000.00',
      distributed: '35000.00',
      recallableDistributed: '30000.00',
      redeemed: '1000.00',
      units: '0',
    });
  });

  it('corrects a mistake by a reversing entry: the balances are as if it never happened, the history keeps both', () => {
    const commitment = entry({ kind: 'COMMITMENT', amount: '500000.00' });
    const wrong = entry({ kind: 'PAYMENT', amount: '15000.00' });
    const reversal = reversalOf(wrong, sequence.ref());
    const right = entry({ kind: 'PAYMENT', amount: '1500.00' });
    const corrected = post(commitment, wrong, reversal, right);
    expect(corrected).toHaveLength(4);
    expect(reversal).toMatchObject({ reverses: wrong.id, amount: '15000.00', effectiveDate: wrong.effectiveDate });
    expect(balancesOf(corrected, 'USD')).toEqual(balancesOf([commitment, right], 'USD'));
    expect(specTransaction(reversal)).toEqual({ type: 'TRANSFER_FUNDS', status: 'RECEIVED' });
  });

  it('refuses a reversal of nothing, a second reversal, a reversal of a reversal and one that does not mirror', () => {
    const payment = entry({ kind: 'PAYMENT', amount: '100.00' });
    const ledger = post(payment);
    const first = reversalOf(payment, sequence.ref());
    const reversed = appendEntry(ledger, first);
    expect(codeOf(() => appendEntry(reversed, reversalOf(payment, sequence.ref())))).toBe('ledgerReversalInvalid');
    expect(codeOf(() => appendEntry(reversed, reversalOf(first, sequence.ref())))).toBe('ledgerReversalInvalid');
    expect(codeOf(() => appendEntry(ledger, { ...reversalOf(payment, sequence.ref()), amount: '99.00' }))).toBe(
      'ledgerReversalInvalid',
    );
    expect(codeOf(() => appendEntry(ledger, { ...entry({ kind: 'PAYMENT', amount: '1.00' }), reverses: 'nope' }))).toBe(
      'ledgerReversalInvalid',
    );
  });

  it('keeps a distribution’s or redemption’s reference on its own kinds of entry and on their reversals', () => {
    const declared = entry({ kind: 'DISTRIBUTION_DECLARED', amount: '10.00', distributionId: 'd-1' });
    const paid = entry({ kind: 'DISTRIBUTION_PAID', amount: '10.00', distributionId: 'd-1' });
    const ledger = post(declared, paid);
    expect(appendEntry(ledger, reversalOf(paid, sequence.ref())).at(-1)).toMatchObject({
      distributionId: 'd-1',
      reverses: paid.id,
    });
    // A reversal naming another record (or none) would move the wrong record with the ledger.
    const { distributionId: _d, ...unnamed } = reversalOf(paid, sequence.ref());
    expect(codeOf(() => appendEntry(ledger, unnamed))).toBe('ledgerReversalInvalid');
    expect(codeOf(() => appendEntry(ledger, { ...reversalOf(paid, sequence.ref()), distributionId: 'd-2' }))).toBe(
      'ledgerReversalInvalid',
    );
    const misfit = entry({ kind: 'PAYMENT', amount: '1.00', redemptionId: 'r-1' });
    expect(() => appendEntry(ledger, misfit)).toThrow(TypeError);
    expect(LedgerEntrySchema.safeParse(misfit).success).toBe(false);
    expect(LedgerEntrySchema.safeParse({ ...misfit, kind: 'REDEMPTION_DEALT', units: '1' }).success).toBe(true);
    expect(LedgerEntrySchema.safeParse({ ...paid, redemptionId: 'r-1' }).success).toBe(false);
  });

  it('refuses a payment in another currency than the investment’s, naming the field', () => {
    const ledger = post(entry({ kind: 'COMMITMENT', amount: '100.00' }));
    try {
      appendEntry(ledger, entry({ kind: 'PAYMENT', amount: '100.00', currency: 'EUR' }));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('moneyCurrencyMismatch');
      expect((error as DomainError).details).toMatchObject({ field: 'currency', expected: 'USD' });
    }
  });

  it('refuses entries out of sequence and never changes the ledger it was given', () => {
    const a = entry({ kind: 'COMMITMENT', amount: '1.00' });
    const ledger = post(a);
    expect(() => appendEntry(ledger, { ...a, id: 'other' })).toThrow(TypeError);
    appendEntry(ledger, entry({ kind: 'CALL', amount: '1.00' }));
    expect(ledger).toEqual([a]);
  });

  it('counts units issued on payments less units redeemed', () => {
    const ledger = post(
      entry({ kind: 'PAYMENT', amount: '1000.00', units: '55.555555' }),
      entry({ kind: 'REDEMPTION_DEALT', amount: '500.00', units: '20.5' }),
    );
    expect(balancesOf(ledger, 'USD').units).toBe('35.055555');
  });

  it('groups balances per investor and share class, each in its own currency', () => {
    const ledger = post(
      entry({ kind: 'COMMITMENT', amount: '100.00' }),
      entry({ kind: 'COMMITMENT', amount: '300', investorId: 'inv-2', subscriptionId: 'sub-2', currency: 'JPY' }),
      entry({ kind: 'COMMITMENT', amount: '50.00', shareClassId: 'class-B', subscriptionId: 'sub-3' }),
    );
    const byPosition = balancesBy(ledger, (e) => `${e.investorId}/${e.shareClassId}`);
    expect(byPosition.get('inv-1/class-A')?.committed).toBe('100.00');
    expect(byPosition.get('inv-1/class-B')?.committed).toBe('50.00');
    expect(byPosition.get('inv-2/class-A')).toMatchObject({ committed: '300', currency: 'JPY' });
  });

  it('after any random sequence of entries and reversals, every balance equals its definition recomputed', () => {
    const kinds = ['COMMITMENT', 'CALL', 'PAYMENT', 'FEE', 'DISTRIBUTION_PAID', 'REDEMPTION_PAID'] as const;
    const step = fc.oneof(
      fc.record({
        op: fc.constant('post' as const),
        kind: fc.constantFrom(...kinds),
        cents: fc.integer({ min: 0, max: 10_000_000 }),
        recallable: fc.boolean(),
      }),
      fc.record({ op: fc.constant('reverse' as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let ledger: LedgerEntry[] = [];
        const live = new Map<string, LedgerEntry>();
        for (const s of steps) {
          if (s.op === 'post') {
            const e = entry({
              kind: s.kind,
              amount: (s.cents / 100).toFixed(2),
              ...(s.kind === 'DISTRIBUTION_PAID' ? { recallable: s.recallable } : {}),
            });
            ledger = appendEntry(ledger, e);
            live.set(e.id, e);
          } else if (live.size > 0) {
            const victim = [...live.values()][s.pick % live.size] as LedgerEntry;
            ledger = appendEntry(ledger, reversalOf(victim, sequence.ref()));
            live.delete(victim.id);
          }
        }
        // Recompute from the entries still standing, in integer cents.
        const cents = (kind: string, pred: (e: LedgerEntry) => boolean = () => true) =>
          [...live.values()]
            .filter((e) => e.kind === kind && pred(e))
            .reduce((a, e) => a + Math.round(Number(e.amount) * 100), 0);
        const money = (c: number) => (c / 100).toFixed(2);
        const b = balancesOf(ledger, 'USD');
        expect(b.committed).toBe(money(cents('COMMITMENT')));
        expect(b.called).toBe(money(cents('CALL')));
        expect(b.paidIn).toBe(money(cents('PAYMENT')));
        expect(b.invested).toBe(money(cents('PAYMENT') - cents('FEE')));
        expect(b.outstanding).toBe(money(Math.max(0, cents('CALL') - cents('PAYMENT'))));
        expect(b.undrawn).toBe(
          money(cents('COMMITMENT') - cents('CALL') + cents('DISTRIBUTION_PAID', (e) => e.recallable === true)),
        );
        expect(b.distributed).toBe(money(cents('DISTRIBUTION_PAID')));
        expect(b.redeemed).toBe(money(cents('REDEMPTION_PAID')));
      }),
      { numRuns: 150 },
    );
  });
});
