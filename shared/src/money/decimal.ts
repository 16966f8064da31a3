import Decimal from 'decimal.js';
import { type Currency, MINOR_DIGITS } from '../money.js';

/**
 * The one Decimal the money code computes with. Forty significant digits hold any 18.6-digit amount
 * times any 12-digit factor exactly; rounding happens once, where a result is stored or shown, half to
 * even unless the caller says otherwise (docs/decisions.md, docs/money.md).
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN });
export type Dec = InstanceType<typeof Dec>;

const SIGNED_DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/** A decimal string as a Decimal; anything else (a float's exponent form, blanks, NaN) is a programming error. */
export const dec = (value: string): Dec => {
  if (!SIGNED_DECIMAL.test(value)) throw new TypeError(`Not a decimal string: ${value}`);
  return new Dec(value);
};

/** Exactly the currency's minor digits (`1000.50`, `1514` for JPY), rounded half to even when needed. */
export const toAmount = (value: Dec, currency: Currency): string =>
  value.toDecimalPlaces(MINOR_DIGITS[currency], Dec.ROUND_HALF_EVEN).toFixed(MINOR_DIGITS[currency]);

/** An amount as an integer count of the currency's minor units; refuses an amount finer than a minor unit. */
export const toMinorUnits = (amount: string, currency: Currency): bigint => scaled(amount, MINOR_DIGITS[currency]);

/** An integer count of minor units back as an amount string with exactly the currency's minor digits. */
export const fromMinorUnits = (units: bigint, currency: Currency): string => unscaled(units, MINOR_DIGITS[currency]);

/** `value` x 10^digits as an exact integer; throws when `value` has more than `digits` fraction digits. */
export const scaled = (value: string, digits: number): bigint => {
  if (!SIGNED_DECIMAL.test(value)) throw new TypeError(`Not a decimal string: ${value}`);
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > digits) throw new RangeError(`${value} has more than ${digits} fraction digits`);
  const n = BigInt(whole + fraction.padEnd(digits, '0').slice(0, digits));
  return negative ? -n : n;
};

/** The inverse of `scaled`: an integer count of 10^-digits as a decimal string with exactly `digits` digits. */
export const unscaled = (n: bigint, digits: number): string => {
  const negative = n < 0n;
  const text = (negative ? -n : n).toString().padStart(digits + 1, '0');
  const body = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return negative ? `-${body}` : body;
};
