import type { Currency } from '../currency.js';
import { fromMinorUnits, toMinorUnits } from './decimal.js';
import type { DistributionState } from './distribution-state.js';

/**
 * Corrections of a distribution's ledger entries (docs/money.md "Corrections of distribution and
 * redemption entries"): the arithmetic that keeps one holder's part of a distribution, and the
 * distribution's state, in step with the ledger when a DISTRIBUTION_DECLARED or DISTRIBUTION_PAID
 * entry naming the distribution is reversed (and, optionally, re-entered as it should have been).
 * Exact integer minor units throughout.
 *
 * A part's `paid` is what its DISTRIBUTION_PAID entries hold, net of reversals; it is absent while no
 * payment stands (never paid, or its payment reversed), and the distribution's `posted.paid` counts
 * the parts where one stands. As for a capital call (call-correction.ts), the lifecycle records
 * decisions (approved, payment recorded) and a correction restates figures: a distribution whose
 * payment was recorded is PAID while every part is paid in full, and APPROVED (declared, owed) as soon
 * as one is not, so the team records the payment again and only what is owed is paid.
 */

export interface PartFigures {
  /** What is declared to the holder (the part of the distribution). */
  amount: string;
  /** What stands paid; absent: no payment stands. */
  paid?: string;
}

export type DistributionEntryKind = 'DISTRIBUTION_DECLARED' | 'DISTRIBUTION_PAID';

export interface PartCorrection {
  kind: DistributionEntryKind;
  /** The amount of the entry reversed. */
  original: string;
  /** The entry as it should have been; undefined for a reversal only. */
  corrected?: string;
}

export type PartCorrectionResult =
  | { part: PartFigures; amountDelta: string }
  /** A declaration below what is paid to the holder: correct the payment first. */
  | { belowPaid: string }
  /** A payment above what is declared to the holder: `exceeds` is what may still be paid. */
  | { exceeds: string };

/** A part is paid in full when a payment stands and covers its amount. */
export const partPaidInFull = (part: PartFigures, currency: Currency): boolean =>
  part.paid !== undefined && toMinorUnits(part.paid, currency) >= toMinorUnits(part.amount, currency);

/** The part after the correction, or why it cannot be made. */
export const correctPart = (part: PartFigures, change: PartCorrection, currency: Currency): PartCorrectionResult => {
  const m = (s: string) => toMinorUnits(s, currency);
  const f = (v: bigint) => fromMinorUnits(v, currency);
  const corrected = change.corrected === undefined ? 0n : m(change.corrected);
  const paid = part.paid === undefined ? 0n : m(part.paid);
  if (change.kind === 'DISTRIBUTION_DECLARED') {
    const amount = m(part.amount) - m(change.original) + corrected;
    if (amount < paid) return { belowPaid: f(paid) };
    return { part: { ...part, amount: f(amount) }, amountDelta: f(amount - m(part.amount)) };
  }
  const without = paid - m(change.original);
  const after = without + corrected;
  if (after > m(part.amount)) return { exceeds: f(m(part.amount) - without) };
  const { paid: _was, ...rest } = part;
  // A payment stands while anything is paid (a re-entered payment is never 0: the route refuses it).
  return { part: after > 0n ? { ...rest, paid: f(after) } : rest, amountDelta: f(0n) };
};

/**
 * The distribution's state with these parts: PAID once its payment was recorded and every part is
 * paid in full, else APPROVED (declared). Only a declared distribution has entries to correct.
 */
export const distributionStateFor = (
  paymentRecorded: boolean,
  parts: readonly PartFigures[],
  currency: Currency,
): Extract<DistributionState, 'APPROVED' | 'PAID'> =>
  paymentRecorded && parts.every((p) => partPaidInFull(p, currency)) ? 'PAID' : 'APPROVED';

/** What recording the payment (again) pays a part: what is declared and not paid; 0 when paid in full. */
export const owedOn = (part: PartFigures, currency: Currency): string => {
  const owed = toMinorUnits(part.amount, currency) - (part.paid === undefined ? 0n : toMinorUnits(part.paid, currency));
  return fromMinorUnits(owed > 0n ? owed : 0n, currency);
};
