import * as z from 'zod';

/** ISO 4217 codes the platform can be configured with. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'HKD', 'SGD', 'CNY', 'JPY', 'AUD', 'CHF', 'CAD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const CurrencySchema = z.enum(CURRENCIES);

/** Minor-unit digits per currency (ISO 4217). */
export const MINOR_DIGITS: Record<Currency, number> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  HKD: 2,
  SGD: 2,
  CNY: 2,
  JPY: 0,
  AUD: 2,
  CHF: 2,
  CAD: 2,
};

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
