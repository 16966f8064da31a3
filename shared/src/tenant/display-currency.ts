import { type Currency, MINOR_DIGITS } from '../currency.js';
import type { DisplayRate } from './tenant.schema.js';

/** What conversion needs of a tenant's currency policy. */
export interface DisplayRates {
  baseCurrency: Currency;
  rates: readonly DisplayRate[];
}

export interface ConvertedAmount {
  /** Decimal string with exactly the target currency's minor digits (`7812.50`, `1514` for JPY). */
  amount: string;
  currency: Currency;
  /** The as-of date of the oldest rate used; absent when no rate was needed. */
  asOf?: string;
}

// Exact rational arithmetic on BigInt: a converted amount is amount × rate(to) ÷ rate(from), kept as
// a numerator and a denominator and rounded once, at the end, half to even (docs/decisions.md). No
// decimal library: this code ships on the portal's first page (the fund cards convert amounts).
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;
const TEN = 10n;

/** A decimal as an exact fraction num / den (den > 0). */
interface Fraction {
  num: bigint;
  den: bigint;
}

const fraction = (text: string): Fraction => {
  const [whole, fractionDigits = ''] = text.split('.');
  return {
    num: BigInt(`${whole}${fractionDigits}`.replace(/^(-?)0+(?=\d)/, '$1')),
    den: TEN ** BigInt(fractionDigits.length),
  };
};

const parse = (amount: string): Fraction => {
  if (!DECIMAL.test(amount)) throw new TypeError(`Not a decimal amount: ${amount}`);
  return fraction(amount);
};

/** Units of `currency` per one unit of the base; undefined when the policy has no rate for it. */
const rateOf = (policy: DisplayRates, currency: Currency): { rate: Fraction; asOf?: string } | undefined => {
  if (currency === policy.baseCurrency) return { rate: { num: 1n, den: 1n } };
  const found = policy.rates.find((r) => r.currency === currency);
  return found ? { rate: fraction(found.rate), asOf: found.asOf } : undefined;
};

const oldest = (...dates: (string | undefined)[]) => dates.filter((d): d is string => d !== undefined).sort()[0];

/** The exact (unrounded) value of `amount` in `to`, or undefined when a rate is missing. */
const exactConversion = (amount: Fraction, from: Currency, to: Currency, policy: DisplayRates) => {
  if (from === to) return { value: amount, asOf: undefined };
  const f = rateOf(policy, from);
  const t = rateOf(policy, to);
  if (!f || !t) return undefined;
  // Through the base: amount / rate(from) * rate(to), as one fraction so nothing is rounded early.
  const value = { num: amount.num * t.rate.num * f.rate.den, den: amount.den * t.rate.den * f.rate.num };
  return { value, asOf: oldest(f.asOf, t.asOf) };
};

/** `value` in minor units of `digits`: the quotient rounded toward zero and what is left over. */
const toMinorUnits = (value: Fraction, digits: number) => {
  const scaled = value.num * TEN ** BigInt(digits);
  return { units: scaled / value.den, rest: scaled % value.den };
};

/** Rounded half to even; symmetric for negative amounts. */
const roundHalfEven = (value: Fraction, digits: number): bigint => {
  const { units, rest } = toMinorUnits(value, digits);
  const twice = (rest < 0n ? -rest : rest) * 2n;
  if (twice < value.den || (twice === value.den && units % 2n === 0n)) return units;
  return units + (value.num < 0n ? -1n : 1n);
};

/** Minor units as a decimal string with exactly `digits` fraction digits. */
const format = (units: bigint, digits: number): string => {
  const sign = units < 0n ? '-' : '';
  const text = (units < 0n ? -units : units).toString().padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
};

/**
 * Converts an amount for display with the tenant's manually maintained rates: through the base
 * currency, rounded once to the target currency's ISO 4217 minor units, half to even. Answers null
 * when the policy has no rate for one of the two currencies. For display only: money that moves is
 * never converted with these rates.
 */
export const convertForDisplay = (
  amount: string,
  from: Currency,
  to: Currency,
  policy: DisplayRates,
): ConvertedAmount | null => {
  const exact = exactConversion(parse(amount), from, to, policy);
  if (!exact) return null;
  const digits = MINOR_DIGITS[to];
  return {
    amount: format(roundHalfEven(exact.value, digits), digits),
    currency: to,
    ...(exact.asOf ? { asOf: exact.asOf } : {}),
  };
};

/**
 * Converts non-negative parts of a whole (e.g. the lines of a statement) so that the converted parts
 * add up exactly to the converted total: each part is rounded down to minor units, and the units
 * left over go to the parts with the largest remainders (earlier parts first on ties), the
 * largest-remainder method of DOMAIN.md.
 */
export const convertPartsForDisplay = (
  parts: readonly string[],
  from: Currency,
  to: Currency,
  policy: DisplayRates,
): { parts: string[]; total: ConvertedAmount } | null => {
  const values = parts.map(parse);
  if (values.some((v) => v.num < 0n)) throw new RangeError('Parts must not be negative');
  const digits = MINOR_DIGITS[to];
  const exact = values.map((v) => exactConversion(v, from, to, policy)?.value);
  const sumDen = values.reduce((den, v) => (v.den > den ? v.den : den), 1n);
  const sum = { num: values.reduce((n, v) => n + v.num * (sumDen / v.den), 0n), den: sumDen };
  const converted = exactConversion(sum, from, to, policy);
  if (!converted || exact.some((v) => v === undefined)) return null;
  const totalUnits = roundHalfEven(converted.value, digits);
  const total: ConvertedAmount = {
    amount: format(totalUnits, digits),
    currency: to,
    ...(converted.asOf ? { asOf: converted.asOf } : {}),
  };
  const split = (exact as Fraction[]).map((v) => ({ ...toMinorUnits(v, digits), den: v.den }));
  let left = totalUnits - split.reduce((s, p) => s + p.units, 0n);
  // Largest remainder first (rest / den, compared by cross-multiplying), earlier parts first on ties.
  const order = split
    .map((p, i) => ({ i, rest: p.rest, den: p.den }))
    .sort((a, b) => {
      const lhs = b.rest * a.den;
      const rhs = a.rest * b.den;
      return lhs > rhs ? 1 : lhs < rhs ? -1 : a.i - b.i;
    });
  const result = split.map((p) => p.units);
  for (const { i } of order) {
    if (left <= 0n) break;
    result[i] = result[i]! + 1n;
    left -= 1n;
  }
  return { parts: result.map((v) => format(v, digits)), total };
};

/** How many decimals a shown rate has: enough for any pair of the ISO currencies the tenant offers. */
export const RATE_DECIMALS = 8;

/**
 * The rate shown beside converted figures: units of `to` per one unit of `from` (through the base
 * currency, as `convertForDisplay` converts), rounded once to RATE_DECIMALS, half to even, with the
 * as-of date of the oldest rate used. Null when the policy has no rate for one of the two.
 */
export const displayRate = (
  from: Currency,
  to: Currency,
  policy: DisplayRates,
): { rate: string; asOf?: string } | null => {
  const exact = exactConversion({ num: 1n, den: 1n }, from, to, policy);
  if (!exact) return null;
  return {
    rate: format(roundHalfEven(exact.value, RATE_DECIMALS), RATE_DECIMALS),
    ...(exact.asOf ? { asOf: exact.asOf } : {}),
  };
};
