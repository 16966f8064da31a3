import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thrownCode as codeOf } from '../errors/thrown-code.js';
import {
  allocateCallByAmount,
  allocateCallByPercentage,
  allocateDistribution,
  allocateItemisedCall,
  assertWithinUndrawn,
  largestRemainder,
} from './allocation.js';

describe('capital call allocation', () => {
  it('splits DOMAIN.md’s worked example exactly: 1,000,000.00 over 5,000,000 / 3,000,000 / 1,999,999', () => {
    const parts = allocateCallByAmount('1000000.00', 'USD', [
      { id: 'a', commitment: '5000000' },
      { id: 'b', commitment: '3000000' },
      { id: 'c', commitment: '1999999' },
    ]);
    expect(parts).toEqual([
      { id: 'a', amount: '500000.05' },
      { id: 'b', amount: '300000.03' },
      { id: 'c', amount: '199999.92' },
    ]);
  });

  it('gives excused investors zero and shares the call over the others only', () => {
    const parts = allocateCallByAmount('100.00', 'USD', [
      { id: 'a', commitment: '1000' },
      { id: 'b', commitment: '5000', excused: true },
      { id: 'c', commitment: '2000' },
    ]);
    expect(parts).toEqual([
      { id: 'a', amount: '33.33' },
      { id: 'b', amount: '0.00' },
      { id: 'c', amount: '66.67' },
    ]);
  });

  it('works in the currency’s minor units (yen have none)', () => {
    expect(
      allocateCallByAmount('1000', 'JPY', [
        { id: 'a', commitment: '1' },
        { id: 'b', commitment: '1' },
        { id: 'c', commitment: '1' },
      ]).map((p) => p.amount),
    ).toEqual(['334', '333', '333']);
  });

  it('calls a percentage of the eligible commitments, the total rounded once', () => {
    const { amount, parts } = allocateCallByPercentage('12.5', 'USD', [
      { id: 'a', commitment: '1000.01' },
      { id: 'b', commitment: '333.33' },
      { id: 'x', commitment: '999999', excused: true },
    ]);
    // 12.5% of 1,333.34 = 166.6675 -> 166.67 (half to even at the cent).
    expect(amount).toBe('166.67');
    expect(parts.map((p) => p.amount)).toEqual(['125.00', '41.67', '0.00']);
  });

  it('refuses a call nobody can carry, and a part above an investor’s undrawn commitment', () => {
    expect(codeOf(() => allocateCallByAmount('1.00', 'USD', [{ id: 'a', commitment: '5', excused: true }]))).toBe(
      'capitalCallNothingToAllocate',
    );
    expect(codeOf(() => allocateCallByAmount('1.00', 'USD', [{ id: 'a', commitment: '0' }]))).toBe(
      'capitalCallNothingToAllocate',
    );
    const parts = [
      { id: 'a', amount: '50.00' },
      { id: 'b', amount: '50.01' },
    ];
    expect(
      codeOf(() =>
        assertWithinUndrawn(
          parts,
          new Map([
            ['a', '50.00'],
            ['b', '50.00'],
          ]),
        ),
      ),
    ).toBe('capitalCallOverdraws');
    expect(
      codeOf(() =>
        assertWithinUndrawn(
          parts,
          new Map([
            ['a', '50.00'],
            ['b', '50.01'],
          ]),
        ),
      ),
    ).toBeUndefined();
  });

  it('refuses an amount finer than the currency’s minor unit rather than rounding it silently', () => {
    expect(() => allocateCallByAmount('1.005', 'USD', [{ id: 'a', commitment: '1' }])).toThrow(RangeError);
  });

  const investors = fc.array(
    fc.record({
      id: fc.uuid(),
      // Commitments up to 10^12 with up to 2 decimals, as strings.
      commitment: fc.bigInt({ min: 0n, max: 10n ** 14n }).map((c) => (Number(c) / 100).toFixed(2)),
      excused: fc.boolean(),
    }),
    { minLength: 1, maxLength: 60 },
  );

  it('always sums exactly to the call, never negative, each within one cent of its exact pro-rata share, excused zero', () => {
    fc.assert(
      fc.property(investors, fc.bigInt({ min: 0n, max: 10n ** 13n }), (list, callCents) => {
        const eligible = list.filter((i) => !i.excused);
        const base = eligible.reduce((a, i) => a + BigInt(i.commitment.replace('.', '')), 0n);
        fc.pre(base > 0n);
        const amount = `${callCents / 100n}.${(callCents % 100n).toString().padStart(2, '0')}`;
        const parts = allocateCallByAmount(amount, 'USD', list);
        const cents = parts.map((p) => BigInt(p.amount.replace('.', '')));
        expect(cents.reduce((a, c) => a + c, 0n)).toBe(callCents);
        list.forEach((inv, i) => {
          const c = cents[i] as bigint;
          expect(c >= 0n).toBe(true);
          if (inv.excused) expect(c).toBe(0n);
          else {
            // |c - call x C_i / base| < 1 cent  <=>  |c x base - call x C_i| < base.
            const diff = c * base - callCents * BigInt(inv.commitment.replace('.', ''));
            expect((diff < 0n ? -diff : diff) < base).toBe(true);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('splits 5,000 investors in well under a second', () => {
    const list = Array.from({ length: 5000 }, (_, i) => ({ id: `i${i}`, commitment: `${1000 + i * 7}.13` }));
    const started = performance.now();
    const parts = allocateCallByAmount('12345678.91', 'USD', list);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(parts.reduce((a, p) => a + BigInt(p.amount.replace('.', '')), 0n)).toBe(1234567891n);
  });

  it('breaks ties by weight, then input order, so the result depends on the input alone', () => {
    expect(largestRemainder(2n, [1n, 1n, 1n])).toEqual([1n, 1n, 0n]);
    expect(largestRemainder(1n, [1n, 2n, 1n])).toEqual([0n, 1n, 0n]);
  });
});

describe('itemised notices and distributions', () => {
  it('splits each item on its own: columns sum to the call’s items, rows to each investor’s total', () => {
    const list = [
      { id: 'a', commitment: '5000000' },
      { id: 'b', commitment: '3000000' },
      { id: 'c', commitment: '1999999' },
    ];
    const parts = allocateItemisedCall(
      { investment: '1000000.00', managementFee: '25000.00', expenses: '1234.57' },
      'USD',
      list,
    );
    expect(parts[0]).toEqual({
      id: 'a',
      items: { investment: '500000.05', managementFee: '12500.00', expenses: '617.29' },
      amount: '513117.34',
    });
    const sum = (f: (p: (typeof parts)[number]) => string) =>
      parts.reduce((a, p) => a + BigInt(f(p).replace('.', '')), 0n);
    expect(sum((p) => p.items.expenses)).toBe(123457n);
    expect(sum((p) => p.amount)).toBe(102623457n);
  });

  it('distributes by units held, exactly', () => {
    const parts = allocateDistribution('100.00', 'USD', [
      { id: 'a', basis: '1.5' },
      { id: 'b', basis: '1.5' },
      { id: 'c', basis: '1.5' },
    ]);
    expect(parts.map((p) => p.amount)).toEqual(['33.34', '33.33', '33.33']);
  });
});
