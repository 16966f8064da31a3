import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertForDisplay, convertPartsForDisplay, type DisplayRates } from './display-currency.js';

const policy: DisplayRates = {
  baseCurrency: 'USD',
  rates: [
    { currency: 'HKD', rate: '7.8125', asOf: '2026-03-31' },
    { currency: 'EUR', rate: '0.92', asOf: '2026-04-01' },
    { currency: 'JPY', rate: '151.235', asOf: '2026-04-01' },
    { currency: 'GBP', rate: '0.5', asOf: '2026-04-02' },
  ],
};

describe('convertForDisplay', () => {
  it.each([
    // amount, from, to, expected, asOf
    ['1000.00', 'USD', 'HKD', '7812.50', '2026-03-31'],
    ['7812.50', 'HKD', 'USD', '1000.00', '2026-03-31'],
    // Cross rate through the base: 100 / 7.8125 * 0.92 = 11.776
    ['100', 'HKD', 'EUR', '11.78', '2026-03-31'],
    // JPY has no minor unit: 10.01 * 151.235 = 1513.86235
    ['10.01', 'USD', 'JPY', '1514', '2026-04-01'],
    // 1514 / 151.235 = 10.01100...
    ['1514', 'JPY', 'USD', '10.01', '2026-04-01'],
    // Exact halves round to even: 0.25 * 0.5 = 0.125, 0.27 * 0.5 = 0.135
    ['0.25', 'USD', 'GBP', '0.12', '2026-04-02'],
    ['0.27', 'USD', 'GBP', '0.14', '2026-04-02'],
    // 18 integer digits stay exact: 123456789012345678.99 * 7.8125 = 964506164158950617.109375
    ['123456789012345678.99', 'USD', 'HKD', '964506164158950617.11', '2026-03-31'],
    // Negative amounts round symmetrically: -390.625 -> -390.62
    ['-50', 'USD', 'HKD', '-390.62', '2026-03-31'],
  ] as const)('%s %s in %s is %s', (amount, from, to, expected, asOf) => {
    expect(convertForDisplay(amount, from, to, policy)).toEqual({ amount: expected, currency: to, asOf });
  });

  it('keeps the currency and pads to its minor digits when nothing needs converting', () => {
    expect(convertForDisplay('12', 'EUR', 'EUR', policy)).toEqual({ amount: '12.00', currency: 'EUR' });
    expect(convertForDisplay('0.125', 'EUR', 'EUR', policy)).toEqual({ amount: '0.12', currency: 'EUR' });
  });

  it('answers null when the policy has no rate for a currency', () => {
    expect(convertForDisplay('1', 'USD', 'SGD', policy)).toBeNull();
    expect(convertForDisplay('1', 'SGD', 'USD', policy)).toBeNull();
  });

  it('refuses what is not a decimal string', () => {
    expect(() => convertForDisplay('1e3', 'USD', 'HKD', policy)).toThrow(TypeError);
    expect(() => convertForDisplay('', 'USD', 'HKD', policy)).toThrow(TypeError);
    expect(() => convertForDisplay('01.5', 'USD', 'HKD', policy)).toThrow(TypeError);
  });

  it('needs no binary floating point: 0.1 + 0.2 style inputs convert exactly', () => {
    expect(convertForDisplay('0.3', 'USD', 'HKD', policy)?.amount).toBe('2.34'); // 2.34375 -> 2.34
    expect(convertForDisplay('0.1', 'GBP', 'USD', policy)?.amount).toBe('0.20');
  });
});

describe('convertPartsForDisplay', () => {
  it('makes the converted parts add up to the converted total (largest remainder)', () => {
    // Each 0.01 USD is 0.005 GBP; the total 0.03 USD is 0.015 GBP -> 0.02 (half to even).
    expect(convertPartsForDisplay(['0.01', '0.01', '0.01'], 'USD', 'GBP', policy)).toEqual({
      parts: ['0.01', '0.01', '0.00'],
      total: { amount: '0.02', currency: 'GBP', asOf: '2026-04-02' },
    });
  });

  it('gives leftover units to the largest remainders first', () => {
    // DOMAIN.md's worked call split, shown in HKD: 500000.05 / 300000.03 / 199999.92 USD.
    const out = convertPartsForDisplay(['500000.05', '300000.03', '199999.92'], 'USD', 'HKD', policy);
    // Exact: 3906250.390625 / 2343750.234375 / 1562499.375; total 7812500.00
    expect(out?.parts).toEqual(['3906250.39', '2343750.23', '1562499.38']);
    expect(out?.total.amount).toBe('7812500.00');
  });

  it('always sums exactly, whatever the parts', () => {
    const parts = ['1.11', '2.22', '3.33', '4.44', '0.07', '0.01'];
    const out = convertPartsForDisplay(parts, 'EUR', 'JPY', policy)!;
    const sum = out.parts.reduce((s, p) => s + Number(p), 0);
    expect(String(sum)).toBe(out.total.amount);
  });

  it('refuses negative parts and answers null without a rate', () => {
    expect(() => convertPartsForDisplay(['1', '-1'], 'USD', 'HKD', policy)).toThrow(RangeError);
    expect(convertPartsForDisplay(['1'], 'USD', 'SGD', policy)).toBeNull();
  });
});

describe('exactness against an independent decimal implementation', () => {
  // decimal.js at 80 significant digits holds every product and quotient here exactly enough that
  // only the final half-to-even rounding can differ, which is what this compares.
  const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_EVEN });
  const amount = fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }), fc.integer({ min: 0, max: 6 }), fc.boolean())
    .map(([n, scale, negative]) => {
      const text = n.toString().padStart(scale + 1, '0');
      const value = scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
      return negative && n !== 0n ? `-${value}` : value;
    });
  const currencies = fc.constantFrom('USD', 'HKD', 'EUR', 'JPY', 'GBP');

  it('rounds amount × rate(to) ÷ rate(from) exactly as decimal.js does', () => {
    fc.assert(
      fc.property(amount, currencies, currencies, (value, from, to) => {
        const rate = (c: string) =>
          c === policy.baseCurrency ? new D(1) : new D(policy.rates.find((r) => r.currency === c)!.rate);
        const digits = to === 'JPY' ? 0 : 2;
        const expected = new D(value).times(rate(to)).dividedBy(rate(from)).toDecimalPlaces(digits).toFixed(digits);
        expect(convertForDisplay(value, from, to, policy)?.amount).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});
