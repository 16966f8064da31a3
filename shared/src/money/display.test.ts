import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertForDisplay, type DisplayRates, displayRate } from '../tenant/display-currency.js';
import { convertTotals, portfolioLine } from './display.js';

const policy: DisplayRates = {
  baseCurrency: 'USD',
  rates: [
    { currency: 'HKD', rate: '7.8125', asOf: '2026-03-31' },
    { currency: 'EUR', rate: '0.92', asOf: '2026-04-01' },
  ],
};

describe('displayRate', () => {
  it('gives units of the target per one native unit, through the base, 8 decimals half to even', () => {
    expect(displayRate('USD', 'HKD', policy)).toEqual({ rate: '7.81250000', asOf: '2026-03-31' });
    // 1 / 7.8125 = 0.128 exactly
    expect(displayRate('HKD', 'USD', policy)).toEqual({ rate: '0.12800000', asOf: '2026-03-31' });
    // 0.92 / 7.8125 = 0.117760: the older of the two dates
    expect(displayRate('HKD', 'EUR', policy)).toEqual({ rate: '0.11776000', asOf: '2026-03-31' });
    expect(displayRate('USD', 'GBP', policy)).toBeNull();
  });
});

describe('convertTotals', () => {
  const fields = ['committed', 'nav'] as const;

  it('converts each currency once and adds the converted figures exactly', () => {
    const block = convertTotals(
      [
        { currency: 'USD', figures: { committed: '1000.00', nav: '500.00' } },
        { currency: 'HKD', figures: { committed: '7812.50', nav: '100.00' } },
      ],
      fields,
      'USD',
      policy,
    );
    // HKD 100 = USD 12.80; USD is not listed among the rates (no conversion).
    expect(block).toEqual({
      currency: 'USD',
      rates: [{ from: 'HKD', to: 'USD', rate: '0.12800000', asOf: '2026-03-31' }],
      missingRates: [],
      converted: { committed: '2000.00', nav: '512.80' },
    });
  });

  it('gives no converted figures, and names the currency, when a rate is missing', () => {
    const block = convertTotals(
      [{ currency: 'GBP', figures: { committed: '1.00', nav: '0.00' } }],
      fields,
      'USD',
      policy,
    );
    expect(block.missingRates).toEqual(['GBP']);
    expect(block.converted).toBeUndefined();
  });

  it('equals the sum of the per-currency conversions a screen shows (property)', () => {
    const amount = fc
      .bigInt({ min: 0n, max: 10n ** 13n })
      .map((n) => `${n / 100n}.${String(n % 100n).padStart(2, '0')}`);
    fc.assert(
      fc.property(amount, amount, amount, (usd, hkd, eur) => {
        const groups = [
          { currency: 'USD' as const, figures: { committed: usd, nav: usd } },
          { currency: 'HKD' as const, figures: { committed: hkd, nav: hkd } },
          { currency: 'EUR' as const, figures: { committed: eur, nav: eur } },
        ];
        const block = convertTotals(groups, fields, 'EUR', policy);
        const cents = groups.reduce(
          (sum, g) =>
            sum +
            BigInt((convertForDisplay(g.figures.committed, g.currency, 'EUR', policy)?.amount ?? '').replace('.', '')),
          0n,
        );
        expect(BigInt(block.converted?.committed.replace('.', '') ?? 'x')).toBe(cents);
      }),
      { numRuns: 200 },
    );
  });
});

describe('portfolioLine', () => {
  it('carries each line forward to every date, converts per currency and adds', () => {
    const block = portfolioLine(
      [
        {
          currency: 'USD',
          points: [
            { date: '2026-01-31', nav: '100.00' },
            { date: '2026-03-31', nav: '150.00' },
          ],
        },
        { currency: 'HKD', points: [{ date: '2026-02-28', nav: '781.25' }] },
      ],
      'USD',
      policy,
    );
    expect(block.converted).toEqual([
      { date: '2026-01-31', nav: '100.00' },
      { date: '2026-02-28', nav: '200.00' },
      { date: '2026-03-31', nav: '250.00' },
    ]);
  });

  it('gives no line when a currency has no rate', () => {
    const block = portfolioLine([{ currency: 'GBP', points: [{ date: '2026-01-31', nav: '1.00' }] }], 'USD', policy);
    expect(block).toEqual({ currency: 'USD', rates: [], missingRates: ['GBP'] });
  });
});
