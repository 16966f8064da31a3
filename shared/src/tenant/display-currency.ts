import Decimal from 'decimal.js';
import { type Currency, MINOR_DIGITS } from '../money.js';
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

// Forty significant digits hold any 18.6-digit amount times any 12.10-digit rate exactly; rounding
// happens once, at the end, half to even (docs/decisions.md).
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN });
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

const parse = (amount: string): Decimal => {
  if (!DECIMAL.test(amount)) throw new TypeError(`Not a decimal amount: ${amount}`);
  return new D(amount);
};

/** Units of `currency` per one unit of the base; undefined when the policy has no rate for it. */
const rateOf = (policy: DisplayRates, currency: Currency): { rate: Decimal; asOf?: string } | undefined => {
  if (currency === policy.baseCurrency) return { rate: new D(1) };
  const found = policy.rates.find((r) => r.currency === currency);
  return found ? { rate: new D(found.rate), asOf: found.asOf } : undefined;
};

const oldest = (...dates: (string | undefined)[]) => dates.filter((d): d is string => d !== undefined).sort()[0];

/** The exact (unrounded) value of `amount` in `to`, or undefined when a rate is missing. */
const exactConversion = (amount: Decimal, from: Currency, to: Currency, policy: DisplayRates) => {
  if (from === to) return { value: amount, asOf: undefined };
  const f = rateOf(policy, from);
  const t = rateOf(policy, to);
  if (!f || !t) return undefined;
  // Through the base: amount / rate(from) * rate(to), in one division so nothing is rounded early.
  return { value: amount.times(t.rate).dividedBy(f.rate), asOf: oldest(f.asOf, t.asOf) };
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
    amount: exact.value.toDecimalPlaces(digits, Decimal.ROUND_HALF_EVEN).toFixed(digits),
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
  if (values.some((v) => v.isNegative())) throw new RangeError('Parts must not be negative');
  const total = convertForDisplay(values.reduce((sum, v) => sum.plus(v), new D(0)).toFixed(), from, to, policy);
  if (!total) return null;
  const digits = MINOR_DIGITS[to];
  const unit = new D(1).dividedBy(new D(10).pow(digits));
  const exact = values.map((v) => exactConversion(v, from, to, policy)?.value ?? new D(0));
  const floors = exact.map((v) => v.toDecimalPlaces(digits, Decimal.ROUND_DOWN));
  let left = new D(total.amount)
    .minus(floors.reduce((s, v) => s.plus(v), new D(0)))
    .dividedBy(unit)
    .toNumber();
  const order = exact
    .map((v, i) => ({ i, remainder: v.minus(floors[i]!) }))
    .sort((a, b) => b.remainder.comparedTo(a.remainder) || a.i - b.i);
  const result = [...floors];
  for (const { i } of order) {
    if (left <= 0) break;
    result[i] = result[i]!.plus(unit);
    left -= 1;
  }
  return { parts: result.map((v) => v.toFixed(digits)), total };
};
