import { type Currency, MINOR_DIGITS } from '@tranche/shared/currency';
import { scaled, unscaled } from '@tranche/shared/money/fixed-point';
import type { CallBasis, CallNotice, CreateCapitalCallBody } from '@tranche/shared/money/money.schema';

/**
 * The capital-call form's pure parts: its values to the API body, and the exact sums the call page
 * shows beside the allocation. Amounts stay decimal strings; sums are BigInt minor units, so a
 * 500,000.05 + 300,000.03 + 199,999.92 split is shown to add up to 1,000,000.00 exactly, never
 * 999,999.9999999 from floats.
 */
export interface CallFormValues {
  productId: string;
  currency: Currency | '';
  basis: CallBasis;
  investment: string;
  percent: string;
  managementFee: string;
  expenses: string;
  /** Subscriptions excused from this call. */
  excused: string[];
  dueDate: string;
  purpose: string;
}

/** What the API is sent: empty optional fields are left out, the basis decides amount or percent. */
export const callBody = (v: CallFormValues): CreateCapitalCallBody => {
  const text = (s: string) => s.trim();
  const body: CreateCapitalCallBody = {
    productId: v.productId,
    currency: v.currency as Currency,
    basis: v.basis,
  };
  if (v.basis === 'AMOUNT' && text(v.investment)) body.investment = text(v.investment);
  if (v.basis === 'PERCENTAGE' && text(v.percent)) body.percent = text(v.percent);
  if (text(v.managementFee)) body.managementFee = text(v.managementFee);
  if (text(v.expenses)) body.expenses = text(v.expenses);
  if (v.excused.length > 0) body.excused = [...v.excused];
  if (v.dueDate) body.dueDate = v.dueDate;
  if (text(v.purpose)) body.purpose = text(v.purpose);
  return body;
};

/** The exact sum of amounts in one currency (its minor digits). */
export const sumAmounts = (values: readonly string[], currency: Currency): string => {
  const digits = MINOR_DIGITS[currency];
  return unscaled(
    values.reduce((a, v) => a + scaled(v.trim(), digits), 0n),
    digits,
  );
};

/** Whether an amount is above zero (a notice still owing money, a payment worth recording). */
export const isPositive = (amount: string): boolean => /[1-9]/.test(amount) && !amount.trim().startsWith('-');

/** The allocation's column sums, to show that the parts add up to the call's totals. */
export const noticeSums = (notices: readonly CallNotice[], currency: Currency) => ({
  investment: sumAmounts(
    notices.map((n) => n.items.investment),
    currency,
  ),
  managementFee: sumAmounts(
    notices.map((n) => n.items.managementFee),
    currency,
  ),
  expenses: sumAmounts(
    notices.map((n) => n.items.expenses),
    currency,
  ),
  amount: sumAmounts(
    notices.map((n) => n.amount),
    currency,
  ),
  paid: sumAmounts(
    notices.map((n) => n.paid),
    currency,
  ),
  outstanding: sumAmounts(
    notices.map((n) => n.outstanding),
    currency,
  ),
});

/** Today as an ISO date in UTC (the server's calendar days are UTC: docs/money.md, forward pricing). */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);
