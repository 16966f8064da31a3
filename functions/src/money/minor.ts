import { type Currency, MINOR_DIGITS } from '@tranche/shared/currency';
import { scaled, unscaled } from '@tranche/shared/money/fixed-point';

/**
 * Exact sums and differences of stored amounts without the decimal library, for the handlers that
 * only read and add up (decimal.js alone is 31 KB of a handler's 400 KB budget). Amounts are decimal
 * strings; they are scaled to the currency's minor units as BigInt (refusing anything finer, which
 * stored amounts never are) and back.
 */
export const toMinor = (amount: string, currency: Currency): bigint => scaled(amount, MINOR_DIGITS[currency]);

export const fromMinor = (n: bigint, currency: Currency): string => unscaled(n, MINOR_DIGITS[currency]);

/** a - b, exactly, with the currency's minor digits. */
export const minus = (a: string, b: string, currency: Currency): string =>
  fromMinor(toMinor(a, currency) - toMinor(b, currency), currency);

/** The sum, exactly, with the currency's minor digits. */
export const total = (values: readonly (string | undefined)[], currency: Currency): string =>
  fromMinor(
    values.reduce((a, v) => a + toMinor(v ?? '0', currency), 0n),
    currency,
  );
