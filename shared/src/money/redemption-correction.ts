import type { Currency } from '../currency.js';
import { fromMinorUnits, scaled, toMinorUnits, unscaled } from './decimal.js';
import type { RedemptionState } from './redemption-state.js';

/**
 * Corrections of a redemption's ledger entries (docs/money.md "Corrections of distribution and
 * redemption entries"): the arithmetic that keeps a redemption request in step with the ledger when a
 * REDEMPTION_DEALT or REDEMPTION_PAID entry naming it is reversed (and, optionally, re-entered).
 * Units are exact integers of 10⁻⁶, money of minor units.
 *
 * As for a capital call's notice (call-correction.ts), the lifecycle (redemption-state.ts) records
 * decisions and a correction restates figures, so the state after it is the one the dealing and
 * payment path reaches with the corrected figures: nothing dealt is CONFIRMED (the next dealing run
 * deals it), some of the units asked PARTLY_DEALT (the next run deals the rest), all of them DEALT, and
 * PAID while the dealt proceeds are paid in full. `redemption-correction.test.ts` checks this against
 * replaying the surviving fills and payments through REDEMPTION_LIFECYCLE.
 */

export const UNIT_SCALE = 6;
const u = (s: string) => scaled(s, UNIT_SCALE);
const fu = (v: bigint) => unscaled(v, UNIT_SCALE);

export interface RedemptionFigures {
  /** The units asked for. */
  units: string;
  /** Units dealt so far (REDEMPTION_DEALT entries naming it, net of reversals). */
  dealtUnits: string;
  /** Net proceeds dealt so far. */
  proceeds: string;
  /** REDEMPTION_PAID naming it, net of reversals. */
  paid: string;
}

export type CorrectedState = Extract<RedemptionState, 'CONFIRMED' | 'PARTLY_DEALT' | 'DEALT' | 'PAID'>;

/** The state the figures justify (see the module's comment). */
export const redemptionStateFor = (f: RedemptionFigures, currency: Currency): CorrectedState => {
  const dealt = u(f.dealtUnits);
  if (dealt <= 0n) return 'CONFIRMED';
  if (dealt < u(f.units)) return 'PARTLY_DEALT';
  const paid = toMinorUnits(f.paid, currency);
  return paid > 0n && paid >= toMinorUnits(f.proceeds, currency) ? 'PAID' : 'DEALT';
};

export interface DealtCorrection {
  /** The REDEMPTION_DEALT entry reversed: its units and net proceeds. */
  original: { units: string; amount: string };
  /** As it should have been; undefined for a reversal only. */
  corrected?: { units: string; amount: string };
}

export type DealtCorrectionResult =
  | { figures: RedemptionFigures; state: CorrectedState }
  /** Proceeds are paid against it: correct the payment first. */
  | { hasPayment: true }
  /** More units dealt than asked: `most` is what the corrected entry may deal. */
  | { overAsked: string };

/** A REDEMPTION_DEALT entry corrected: the dealt units and proceeds move by the difference. */
export const correctDealt = (
  f: RedemptionFigures,
  change: DealtCorrection,
  currency: Currency,
): DealtCorrectionResult => {
  const m = (s: string) => toMinorUnits(s, currency);
  if (m(f.paid) > 0n) return { hasPayment: true };
  const without = u(f.dealtUnits) - u(change.original.units);
  const dealt = without + (change.corrected ? u(change.corrected.units) : 0n);
  if (dealt > u(f.units)) return { overAsked: fu(u(f.units) - without) };
  const proceeds = m(f.proceeds) - m(change.original.amount) + (change.corrected ? m(change.corrected.amount) : 0n);
  const figures = { ...f, dealtUnits: fu(dealt), proceeds: fromMinorUnits(proceeds, currency) };
  return { figures, state: redemptionStateFor(figures, currency) };
};

export type PaidCorrectionResult =
  | { figures: RedemptionFigures; state: CorrectedState }
  /** More paid than dealt: `exceeds` is what may still be paid. */
  | { exceeds: string };

/** A REDEMPTION_PAID entry corrected: the paid figure moves by the difference. */
export const correctPaid = (
  f: RedemptionFigures,
  change: { original: string; corrected?: string },
  currency: Currency,
): PaidCorrectionResult => {
  const m = (s: string) => toMinorUnits(s, currency);
  const without = m(f.paid) - m(change.original);
  const paid = without + (change.corrected === undefined ? 0n : m(change.corrected));
  if (paid > m(f.proceeds)) return { exceeds: fromMinorUnits(m(f.proceeds) - without, currency) };
  const figures = { ...f, paid: fromMinorUnits(paid, currency) };
  return { figures, state: redemptionStateFor(figures, currency) };
};

/** What confirming the transfer pays: the dealt proceeds not yet paid (never below 0). */
export const unpaidProceeds = (f: Pick<RedemptionFigures, 'proceeds' | 'paid'>, currency: Currency): string => {
  const left = toMinorUnits(f.proceeds, currency) - toMinorUnits(f.paid, currency);
  return fromMinorUnits(left > 0n ? left : 0n, currency);
};
