import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from './ledger.js';
import { ledgerEntry } from './ledger-fixtures.js';
import { cashFlowsOf, multiples, xirr } from './performance.js';

const rate = (m: ReturnType<typeof xirr>): number => {
  if (!m.available) throw new Error(`not available: ${m.reason}`);
  return m.value;
};

describe('XIRR', () => {
  it('matches DOMAIN.md’s first spreadsheet vector: 0.373362535', () => {
    const r = rate(
      xirr([
        { date: '2008-01-01', amount: '-10000' },
        { date: '2008-03-01', amount: '2750' },
        { date: '2008-10-30', amount: '4250' },
        { date: '2009-02-15', amount: '3250' },
        { date: '2009-04-01', amount: '2750' },
      ]),
    );
    expect(r).toBeCloseTo(0.373362535, 8);
  });

  it('matches DOMAIN.md’s second vector: about 0.1236', () => {
    const r = rate(
      xirr([
        { date: '2008-02-05', amount: '-2750' },
        { date: '2008-07-05', amount: '1000' },
        { date: '2009-01-05', amount: '2000' },
      ]),
    );
    expect(r).toBeCloseTo(0.1236, 4);
  });

  it('does not depend on the order the flows are listed in', () => {
    const flows = [
      { date: '2009-04-01', amount: '2750' },
      { date: '2008-10-30', amount: '4250' },
      { date: '2008-01-01', amount: '-10000' },
      { date: '2009-02-15', amount: '3250' },
      { date: '2008-03-01', amount: '2750' },
    ];
    expect(rate(xirr(flows))).toBeCloseTo(0.373362535, 8);
  });

  it('answers "not available", never 0, without a sign change or without flows', () => {
    expect(xirr([])).toEqual({ available: false, reason: 'noFlows' });
    expect(xirr([{ date: '2020-01-01', amount: '0' }])).toEqual({ available: false, reason: 'noFlows' });
    expect(
      xirr([
        { date: '2020-01-01', amount: '-100' },
        { date: '2021-01-01', amount: '-5' },
      ]),
    ).toEqual({
      available: false,
      reason: 'noSignChange',
    });
    expect(xirr([{ date: '2020-01-01', amount: '100' }])).toEqual({ available: false, reason: 'noSignChange' });
  });

  it('finds deep losses and huge gains where Newton from 10% would wander (bisection fallback)', () => {
    // Lose 99.9% in a year: r = -0.999.
    expect(
      rate(
        xirr([
          { date: '2021-01-01', amount: '-1000' },
          { date: '2022-01-01', amount: '1' },
        ]),
      ),
    ).toBeCloseTo(-0.999, 6);
    // Multiply by 1000 in a year.
    expect(
      rate(
        xirr([
          { date: '2021-01-01', amount: '-1' },
          { date: '2022-01-01', amount: '1000' },
        ]),
      ),
    ).toBeCloseTo(999, 4);
  });

  it('refuses amounts that are not decimal strings rather than reading them as floats', () => {
    expect(() => xirr([{ date: '2020-01-01', amount: '1e3' }])).toThrow(TypeError);
  });

  it('answers "not available" when the rate is beyond any number (doubling in a day)', () => {
    // The root is 2^365 - 1, about 7.5e109: spreadsheets answer #NUM!, Tranche "not available", never a wrong number.
    expect(
      xirr([
        { date: '2021-01-01', amount: '-1' },
        { date: '2021-01-02', amount: '2' },
      ]),
    ).toEqual({
      available: false,
      reason: 'noRoot',
    });
  });

  it('returns a root of the XIRR equation for any outflow followed by inflows of 1% to five times it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 1_000_000 }),
        fc.array(
          fc.record({
            days: fc.integer({ min: 90, max: 3650 }),
            share: fc.double({ min: 0.01, max: 1, noNaN: true }),
          }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        (out, ins) => {
          const start = Date.parse('2015-01-01T00:00:00Z');
          const iso = (days: number) => new Date(start + days * 86_400_000).toISOString().slice(0, 10);
          const flows = [
            { date: iso(0), amount: String(-out) },
            ...ins.map((f) => ({ date: iso(f.days), amount: (out * f.share).toFixed(2) })),
          ];
          const r = rate(xirr(flows));
          const npv = flows.reduce((a, f) => {
            const years = (Date.parse(`${f.date}T00:00:00Z`) - start) / 86_400_000 / 365;
            return a + Number(f.amount) / (1 + r) ** years;
          }, 0);
          expect(Math.abs(npv)).toBeLessThan(out * 1e-6);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('multiples', () => {
  it('computes DPI, RVPI and TVPI = DPI + RVPI (DOMAIN.md)', () => {
    expect(multiples({ paidIn: '1000000.00', distributed: '250000.00', nav: '1100000.00' })).toEqual({
      dpi: { available: true, value: '0.2500' },
      rvpi: { available: true, value: '1.1000' },
      tvpi: { available: true, value: '1.3500' },
    });
  });

  it('adds the unrounded ratios, so TVPI is not off by a rounding', () => {
    const m = multiples({ paidIn: '3', distributed: '1', nav: '1' }, 4);
    expect(m.dpi).toEqual({ available: true, value: '0.3333' });
    expect(m.tvpi).toEqual({ available: true, value: '0.6667' });
  });

  it('is not available when nothing was paid in', () => {
    const none = { available: false, reason: 'noPaidIn' };
    expect(multiples({ paidIn: '0.00', distributed: '5.00', nav: '1.00' })).toEqual({
      dpi: none,
      rvpi: none,
      tvpi: none,
    });
  });
});

describe('cash flows from the ledger', () => {
  it('takes payments as outflows, distributions and redemption proceeds as inflows, and cancels reversed flows', () => {
    const entries: LedgerEntry[] = [
      ledgerEntry(1, 'COMMITMENT', '10000.00', { effectiveDate: '2008-01-01' }),
      ledgerEntry(2, 'CALL', '10000.00', { effectiveDate: '2008-01-01' }),
      ledgerEntry(3, 'PAYMENT', '10000.00', { effectiveDate: '2008-01-01' }),
      ledgerEntry(4, 'DISTRIBUTION_PAID', '2750.00', { effectiveDate: '2008-03-01' }),
      ledgerEntry(5, 'DISTRIBUTION_PAID', '999.00', { effectiveDate: '2008-05-01' }),
      ledgerEntry(6, 'DISTRIBUTION_PAID', '999.00', { effectiveDate: '2008-05-01', reverses: 'e5' }),
      ledgerEntry(7, 'REDEMPTION_PAID', '4250.00', { effectiveDate: '2008-10-30' }),
      ledgerEntry(8, 'DISTRIBUTION_PAID', '3250.00', { effectiveDate: '2009-02-15' }),
    ];
    const flows = cashFlowsOf(entries, 'USD', { amount: '2750.00', date: '2009-04-01' });
    expect(flows.map((f) => f.amount)).toEqual(['-10000', '2750', '999', '-999', '4250', '3250', '2750.00']);
    // The same flows as DOMAIN.md's first vector once the reversal cancels: the same rate.
    expect(rate(xirr(flows))).toBeCloseTo(0.373362535, 8);
  });
});
