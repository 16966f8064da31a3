/**
 * Decimal strings as exact integers of 10^-digits and back, with BigInt only: the one parser for code
 * that compares and adds amounts without the Decimal library (decimal.js is a third of a handler's
 * 400 KB budget). The money code (decimal.ts) and the subscription rules (subscription/amounts.ts)
 * both scale through these two.
 */
/** A plain decimal string: an optional minus, no exponent, no leading zeros, no blanks. */
export const SIGNED_DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/**
 * `value` x 10^digits as an exact integer. More than `digits` fraction digits throw, unless `truncate`
 * (a figure shown to its currency's minor unit) cuts them off toward zero.
 */
export const scaled = (value: string, digits: number, { truncate = false }: { truncate?: boolean } = {}): bigint => {
  if (!SIGNED_DECIMAL.test(value)) throw new TypeError(`Not a decimal string: ${value}`);
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > digits && !truncate)
    throw new RangeError(`${value} has more than ${digits} fraction digits`);
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
