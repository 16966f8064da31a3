import { CURRENCIES } from './currency.js';
import * as z from './lazy-zod.js';

export { CURRENCIES, type Currency, MINOR_DIGITS } from './currency.js';

export const CurrencySchema = z.enum(CURRENCIES);

/**
 * An amount on the wire: a decimal string, never a binary float. At most 18 integer digits and
 * 6 fraction digits (unit prices carry more precision than cash).
 */
export const AmountSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,17})(\.\d{1,6})?$/, 'Must be a non-negative decimal amount such as 1000000.00');
export type Amount = z.infer<typeof AmountSchema>;

export const MoneySchema = z.strictObject({ amount: AmountSchema, currency: CurrencySchema });
export type Money = z.infer<typeof MoneySchema>;
