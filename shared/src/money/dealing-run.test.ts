import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thrownCode as codeOf } from '../errors/thrown-code.js';
import { GatePercentSchema } from '../product/product.schema.js';
import { chargedFee, dealRedemptions, nextDealingDate, subscriptionUnits } from './dealing.js';
import { dec } from './decimal.js';
import { assertCovered, payableOf } from './ledger.js';
import { ledgerSequence } from './ledger-fixtures.js';

/**
 * Dealing dates and payouts (docs/money.md "Dealing and distributions"): the gate's proration priced at
 * the dealing date's NAV, the fee a class charges automatically, and INSUFFICIENT_BALANCE.
 */

const units6 = fc.integer({ min: 1, max: 10_000_000_000 }).map((n) => (n / 1_000_000).toFixed(6));

describe('a dealing date', () => {
  it('prorates an oversubscribed gate and prices each part: 300 + 100 units under 25 % of 1,000', () => {
    const run = dealRedemptions(
      [
        { id: 'a', remaining: '300' },
        { id: 'b', remaining: '100' },
      ],
      '1000',
      '25',
      '10.00',
      { type: 'PERCENTAGE', percent: '1' },
      'USD',
    );
    expect(run.gated).toBe(true);
    expect(run.gateUnits).toBe('250.000000');
    expect(run.fills).toEqual([
      {
        id: 'a',
        asked: '300.000000',
        dealt: '187.500000',
        carried: '112.500000',
        gross: '1875.00',
        fee: '18.75',
        net: '1856.25',
      },
      {
        id: 'b',
        asked: '100.000000',
        dealt: '62.500000',
        carried: '37.500000',
        gross: '625.00',
        fee: '6.25',
        net: '618.75',
      },
    ]);
  });

  it('deals everything without a gate, and charges a FIXED fee only on the date a request deals its last units', () => {
    const free = dealRedemptions([{ id: 'a', remaining: '900' }], '1000', undefined, '2', undefined, 'USD');
    expect([free.gated, free.gateUnits, free.fills[0]?.dealt, free.fills[0]?.net]).toEqual([
      false,
      undefined,
      '900.000000',
      '1800.00',
    ]);
    const fixed = { type: 'FIXED', amount: '50' } as const;
    const gated = dealRedemptions([{ id: 'a', remaining: '900' }], '1000', '10', '2', fixed, 'USD');
    expect([gated.fills[0]?.dealt, gated.fills[0]?.fee]).toEqual(['100.000000', '0.00']);
    const last = dealRedemptions([{ id: 'a', remaining: '800' }], '900', '100', '2', fixed, 'USD');
    expect([last.fills[0]?.carried, last.fills[0]?.fee, last.fills[0]?.net]).toEqual(['0.000000', '50.00', '1550.00']);
  });

  it('property: never deals more than the gate or than asked; dealt + carried = asked; net = gross - fee', () => {
    fc.assert(
      fc.property(
        fc.array(units6, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        (asked, extra, gateBp, navMicros) => {
          const total = asked.reduce((a, u) => a.add(dec(u)), dec('0'));
          const outstanding = total.add(extra).toFixed(6);
          const gate = (gateBp / 100).toFixed(2);
          const nav = (navMicros / 1_000_000).toFixed(6);
          const run = dealRedemptions(
            asked.map((u, i) => ({ id: String(i), remaining: u })),
            outstanding,
            gate,
            nav,
            { type: 'PERCENTAGE', percent: '0.5' },
            'USD',
          );
          const dealt = run.fills.reduce((a, f) => a.add(dec(f.dealt)), dec('0'));
          expect(dealt.lte(dec(run.gateUnits as string))).toBe(true);
          // Oversubscribed: the gate deals exactly; otherwise everyone deals in full.
          if (run.gated) expect(dealt.eq(dec(run.gateUnits as string))).toBe(true);
          else expect(dealt.eq(total)).toBe(true);
          for (const [i, f] of run.fills.entries()) {
            expect(
              dec(f.dealt)
                .add(dec(f.carried))
                .eq(dec(asked[i] as string)),
            ).toBe(true);
            expect(dec(f.dealt).lte(dec(asked[i] as string))).toBe(true);
            expect(dec(f.net).eq(dec(f.gross).sub(dec(f.fee)))).toBe(true);
            expect(dec(f.net).gte(0)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('carries forward to the next period end', () => {
    expect(nextDealingDate('2026-11-30', 'monthly')).toBe('2026-12-31');
    expect(nextDealingDate('2026-12-31', 'quarterly')).toBe('2027-03-31');
    expect(nextDealingDate('2026-06-30', 'yearly')).toBe('2026-12-31');
  });
});

describe('the fee a class charges by itself', () => {
  it('is a FLAT fee, fixed or a percentage; a range or a negotiated fee is not deducted', () => {
    expect(chargedFee({ type: 'PERCENTAGE', display: 'FLAT', value: '2' })).toEqual({
      type: 'PERCENTAGE',
      percent: '2',
    });
    expect(chargedFee({ type: 'FIXED', display: 'FLAT', value: '250.00' })).toEqual({
      type: 'FIXED',
      amount: '250.00',
    });
    expect(chargedFee({ type: 'PERCENTAGE', display: 'RANGE', value: '1', upTo: '3' } as never)).toBeUndefined();
    expect(chargedFee({ type: 'PERCENTAGE', display: 'FLAT', value: '0' })).toBeUndefined();
    expect(chargedFee(undefined)).toBeUndefined();
  });

  it('property: units = (gross - fee) / NAV, rounded down, and never worth more than was paid net', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000_000 }),
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 500 }),
        (grossCents, navMicros, feeBp) => {
          const gross = (grossCents / 100).toFixed(2);
          const nav = (navMicros / 1_000_000).toFixed(6);
          const r = subscriptionUnits(gross, nav, { type: 'PERCENTAGE', percent: (feeBp / 100).toFixed(2) }, 'USD');
          expect(dec(r.fee).add(dec(r.net)).eq(dec(gross))).toBe(true);
          const value = dec(r.units).mul(dec(nav));
          expect(value.lte(dec(r.net))).toBe(true);
          // One more millionth of a unit would cost more than the net paid.
          expect(dec(r.units).add('0.000001').mul(dec(nav)).gt(dec(r.net))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

const e = ledgerSequence({ effectiveDate: '2026-06-30' });

describe('INSUFFICIENT_BALANCE', () => {
  const ledger = [
    e('COMMITMENT', '1000.00'),
    e('PAYMENT', '1000.00', { units: '100' }),
    e('DISTRIBUTION_DECLARED', '50.00'),
    e('REDEMPTION_DEALT', '400.00', { units: '40' }),
  ];

  it('knows what is still payable', () => {
    expect(payableOf(ledger, 'USD')).toEqual({ units: '60', distributionUnpaid: '50.00', redemptionUnpaid: '400.00' });
  });

  it('refuses a redemption over the units held, a payment over what was dealt or declared, naming the field', () => {
    expect(
      codeOf(() => assertCovered(ledger, [{ kind: 'REDEMPTION_DEALT', amount: '1.00', units: '60.000001' }], 'USD')),
    ).toBe('INSUFFICIENT_BALANCE');
    expect(() =>
      assertCovered(ledger, [{ kind: 'REDEMPTION_DEALT', amount: '600.00', units: '60' }], 'USD'),
    ).not.toThrow();
    expect(codeOf(() => assertCovered(ledger, [{ kind: 'REDEMPTION_PAID', amount: '400.01' }], 'USD'))).toBe(
      'INSUFFICIENT_BALANCE',
    );
    expect(codeOf(() => assertCovered(ledger, [{ kind: 'DISTRIBUTION_PAID', amount: '50.01' }], 'USD'))).toBe(
      'INSUFFICIENT_BALANCE',
    );
    // Several drafts are judged in order: a declaration then its payment is covered.
    expect(() =>
      assertCovered(
        [],
        [
          { kind: 'DISTRIBUTION_DECLARED', amount: '10.00' },
          { kind: 'DISTRIBUTION_PAID', amount: '10.00' },
        ],
        'USD',
      ),
    ).not.toThrow();
    try {
      assertCovered(ledger, [{ kind: 'REDEMPTION_PAID', amount: '500.00' }], 'USD');
    } catch (error) {
      expect((error as { details?: unknown }).details).toEqual({ field: 'amount', held: '400' });
    }
  });
});

describe("a fund's redemption gate setting", () => {
  it('is above 0 and at most 100 percent, with at most 2 decimals', () => {
    for (const ok of ['25', '12.5', '100', '100.00', '0.01', '0.5', '99.99']) {
      expect(GatePercentSchema.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['0', '0.00', '100.01', '150', '-5', '12.345', '025', '', 'ten']) {
      expect(GatePercentSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
