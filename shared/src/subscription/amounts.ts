import { scaled, unscaled } from '../money/fixed-point.js';

/**
 * Exact arithmetic on amounts for the subscription rules, as integers of 10^-6 (the finest an amount
 * may be, AmountSchema), through the BigInt fixed-point of money/fixed-point.ts: comparing limits and
 * adding up capacity needs no arbitrary-precision library in the subscription handlers.
 */
const DIGITS = 6;

/** A non-negative decimal string as an exact integer count of 10^-6; anything else is a programming error. */
export const units = (amount: string): bigint => {
  if (amount.startsWith('-')) throw new TypeError(`Not a non-negative amount: ${amount}`);
  return scaled(amount, DIGITS);
};

/** Back to the shortest decimal string (`100000`, `100000.5`), never negative: below zero is zero. */
export const amountOf = (n: bigint): string => (n <= 0n ? '0' : unscaled(n, DIGITS).replace(/\.?0+$/, ''));
