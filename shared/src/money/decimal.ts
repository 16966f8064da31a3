import Decimal from 'decimal.js';
import { type Currency, MINOR_DIGITS } from '../money.js';
import { SIGNED_DECIMAL, scaled, unscaled } from './fixed-point.js';

export { scaled, unscaled };

/**
 * The one Decimal the money code computes with. Forty significant digits hold any 18.6-digit amount
 * times any 12-digit factor exactly; rounding happens once, where a result is stored or shown, half to
 * even unless the caller says otherwise (docs/decisions.md, docs/money.md).
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN });
export type Dec = InstanceType<typeof Dec>;

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
