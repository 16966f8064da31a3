import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinorUnits } from './decimal.js';
import {
  correctPart,
  distributionStateFor,
  owedOn,
  type PartFigures,
  partPaidInFull,
} from './distribution-correction.js';

/**
 * Corrections of a distribution's entries (docs/money.md "Corrections of distribution and redemption
 * entries"): a part's declared and paid figures move with the entries, never below what is paid or
 * above what is declared, and recording the payment again pays exactly what is owed.
 */
const USD = 'USD' as const;
const cents = (n: bigint) => fromMinorUnits(n, USD);

describe('a distribution part, corrected', () => {
  it('moves the paid figure with a reversed or re-entered payment, and the state with it', () => {
    const paid: PartFigures = { amount: '500000.05', paid: '500000.05' };
    const other: PartFigures = { amount: '300000.03', paid: '300000.03' };
    const reversed = correctPart(paid, { kind: 'DISTRIBUTION_PAID', original: '500000.05' }, USD);
    expect(reversed).toEqual({ part: { amount: '500000.05' }, amountDelta: '0.00' });
    if (!('part' in reversed)) throw new Error('refused');
    expect(distributionStateFor(true, [reversed.part, other], USD)).toBe('APPROVED');
    expect(owedOn(reversed.part, USD)).toBe('500000.05');
    expect(distributionStateFor(true, [paid, other], USD)).toBe('PAID');
    // Before the payment was recorded a distribution is declared, however its parts stand.
    expect(distributionStateFor(false, [{ amount: '0.00', paid: '0.00' }], USD)).toBe('APPROVED');
    expect(
      correctPart(paid, { kind: 'DISTRIBUTION_PAID', original: '500000.05', corrected: '500000.06' }, USD),
    ).toEqual({
      exceeds: '500000.05',
    });
  });

  it('moves the declared amount, never below what is paid', () => {
    const part: PartFigures = { amount: '1000.00', paid: '400.00' };
    expect(
      correctPart(part, { kind: 'DISTRIBUTION_DECLARED', original: '1000.00', corrected: '1200.00' }, USD),
    ).toEqual({
      part: { amount: '1200.00', paid: '400.00' },
      amountDelta: '200.00',
    });
    expect(correctPart(part, { kind: 'DISTRIBUTION_DECLARED', original: '1000.00', corrected: '399.99' }, USD)).toEqual(
      {
        belowPaid: '400.00',
      },
    );
    expect(correctPart(part, { kind: 'DISTRIBUTION_DECLARED', original: '1000.00' }, USD)).toEqual({
      belowPaid: '400.00',
    });
    expect(correctPart({ amount: '1000.00' }, { kind: 'DISTRIBUTION_DECLARED', original: '1000.00' }, USD)).toEqual({
      part: { amount: '0.00' },
      amountDelta: '-1000.00',
    });
  });

  it('keeps 0 ≤ paid ≤ declared, and paying what is owed pays the part in full', () => {
    const cent = fc.bigInt({ min: 1n, max: 10_000_000_000n });
    fc.assert(
      fc.property(
        cent,
        fc.bigInt({ min: 0n, max: 10_000_000_000n }),
        fc.option(cent),
        fc.boolean(),
        (amount, p, c, declared) => {
          const paid = p % (amount + 1n);
          const part: PartFigures =
            paid > 0n ? { amount: cents(amount), paid: cents(paid) } : { amount: cents(amount) };
          // A payment correction reverses a payment that stands (nothing to reverse when none does).
          fc.pre(declared || paid > 0n);
          const original = declared ? amount : paid;
          const result = correctPart(
            part,
            {
              kind: declared ? 'DISTRIBUTION_DECLARED' : 'DISTRIBUTION_PAID',
              original: cents(original),
              ...(c !== null ? { corrected: cents(c) } : {}),
            },
            USD,
          );
          const next = c ?? 0n;
          if ('belowPaid' in result) {
            expect(declared && next < paid).toBe(true);
            return;
          }
          if ('exceeds' in result) {
            expect(!declared && next > amount).toBe(true);
            expect(result.exceeds).toBe(cents(amount));
            return;
          }
          const after = result.part;
          const a = BigInt(after.amount.replace('.', ''));
          const pd = after.paid === undefined ? 0n : BigInt(after.paid.replace('.', ''));
          expect(pd).toBeLessThanOrEqual(a);
          expect(after.paid === undefined).toBe(pd === 0n);
          const repaid = { ...after, paid: cents(pd + BigInt(owedOn(after, USD).replace('.', ''))) };
          expect(partPaidInFull(repaid, USD)).toBe(true);
          expect(repaid.paid).toBe(after.amount);
        },
      ),
      { numRuns: 300 },
    );
  });
});
