// The currency list and minor units without zod, so that code shipped on the portal's first page
// (amount conversion on the fund cards) does not carry the schema library (docs/decisions.md).
/** ISO 4217 codes the platform can be configured with. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'HKD', 'SGD', 'CNY', 'JPY', 'AUD', 'CHF', 'CAD'] as const;
export type Currency = (typeof CURRENCIES)[number];

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
