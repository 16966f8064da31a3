/**
 * Exact arithmetic on amounts for the subscription rules, as integers of 10^-6 (the finest an amount
 * may be, AmountSchema): comparing limits and adding up capacity needs no arbitrary-precision
 * library, which would add a third of the 400 KB budget to every subscription handler (decimal.js).
 */
const DIGITS = 6;
const DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;

/** A non-negative decimal string as an exact integer count of 10^-6; anything else is a programming error. */
export const units = (amount: string): bigint => {
  if (!DECIMAL.test(amount)) throw new TypeError(`Not a decimal amount: ${amount}`);
  const [whole = '0', fraction = ''] = amount.split('.');
  if (fraction.replace(/0+$/, '').length > DIGITS) throw new RangeError(`${amount} is finer than 10^-${DIGITS}`);
  return BigInt(whole + fraction.padEnd(DIGITS, '0').slice(0, DIGITS));
};

/** Back to the shortest decimal string (`100000`, `100000.5`), never negative: below zero is zero. */
export const amountOf = (n: bigint): string => {
  if (n <= 0n) return '0';
  const text = n.toString().padStart(DIGITS + 1, '0');
  const fraction = text.slice(-DIGITS).replace(/0+$/, '');
  return fraction ? `${text.slice(0, -DIGITS)}.${fraction}` : text.slice(0, -DIGITS);
};
