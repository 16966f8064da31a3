import { type Currency, MINOR_DIGITS } from '@tranche/shared/currency';

/**
 * Exact sums and differences of stored amounts without the decimal library, for the handlers that
 * only read and add up (decimal.js alone is 31 KB of a handler's 400 KB budget). Amounts are decimal
 * strings; they are scaled to the currency's minor units as BigInt (refusing anything finer, which
 * stored amounts never are) and back.
 */
export const toMinor = (amount: string, currency: Currency): bigint => {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!m) throw new TypeError(`Not a decimal string: ${amount}`);
  const digits = MINOR_DIGITS[currency];
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) throw new RangeError(`${amount} is finer than a minor unit of ${currency}`);
  const n = BigInt(`${m[2]}${fraction.padEnd(digits, '0')}`);
  return m[1] ? -n : n;
};

export const fromMinor = (n: bigint, currency: Currency): string => {
  const digits = MINOR_DIGITS[currency];
  const negative = n < 0n;
  const text = (negative ? -n : n).toString().padStart(digits + 1, '0');
  const body = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return negative ? `-${body}` : body;
};

/** a - b, exactly, with the currency's minor digits. */
export const minus = (a: string, b: string, currency: Currency): string =>
  fromMinor(toMinor(a, currency) - toMinor(b, currency), currency);

/** The sum, exactly, with the currency's minor digits. */
export const total = (values: readonly (string | undefined)[], currency: Currency): string =>
  fromMinor(
    values.reduce((a, v) => a + toMinor(v ?? '0', currency), 0n),
    currency,
  );
