import type { Currency } from '@tranche/shared/currency';

/** `USD 1,250,000.00`: how amounts read in inbox texts and emails (docs/inbox.md "Amounts"). */
export const formatMoney = (amount: string, currency: Currency): string => {
  const [whole = '0', fraction] = amount.split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${currency} ${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
};

/** Today in UTC (the ledger's dates are UTC calendar days, like the dealing calendar). */
export const todayOf = (at: string): string => at.slice(0, 10);
