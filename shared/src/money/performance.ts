import type { Currency } from '../money.js';
import { dec } from './decimal.js';
import type { LedgerEntry } from './ledger.js';

/** A dated cash flow from the investor's side: contributions negative, distributions and NAV positive. */
export interface CashFlow {
  /** ISO date, YYYY-MM-DD. */
  date: string;
  /** Decimal string, signed. */
  amount: string;
}

/** A measure that has no value for these flows, with the reason, so screens say "not available", not 0. */
export interface NotAvailable {
  available: false;
  reason: 'noFlows' | 'noSignChange' | 'noRoot' | 'noPaidIn';
}
export type Measure<T> = { available: true; value: T } | NotAvailable;

const DAY_MS = 86_400_000;
const dayNumber = (iso: string): number => {
  const t = Date.parse(`${iso}T00:00:00Z`);
  if (Number.isNaN(t)) throw new TypeError(`Not an ISO date: ${iso}`);
  return t / DAY_MS;
};

/**
 * XIRR as spreadsheets compute it (DOMAIN.md): the rate r with sum(P_i / (1 + r)^((d_i - d_1)/365)) = 0.
 * Rates are not money, so this works in binary floating point; amounts are read from decimal strings.
 *
 * Newton's method from 10% converges in a handful of steps on ordinary flows; when it wanders (a
 * derivative near zero, a step below -100%, no convergence), bisection on a bracket where the value
 * changes sign finds the root instead. No sign change among the flows means no root exists: the answer
 * is "not available" (noSignChange), never 0. Flows with several roots give the one Newton or the
 * bisection finds first, as spreadsheets do.
 */
export const xirr = (flows: readonly CashFlow[]): Measure<number> => {
  const points = flows.map((f) => ({ t: dayNumber(f.date), p: dec(f.amount).toNumber() })).filter((f) => f.p !== 0);
  if (points.length === 0) return { available: false, reason: 'noFlows' };
  if (!points.some((f) => f.p > 0) || !points.some((f) => f.p < 0)) {
    return { available: false, reason: 'noSignChange' };
  }
  const t0 = Math.min(...points.map((f) => f.t));
  const years = points.map((f) => ({ y: (f.t - t0) / 365, p: f.p }));
  const value = (r: number) => years.reduce((a, { y, p }) => a + p / (1 + r) ** y, 0);
  const slope = (r: number) => years.reduce((a, { y, p }) => a - (y * p) / (1 + r) ** (y + 1), 0);
  const scale = years.reduce((a, { p }) => Math.max(a, Math.abs(p)), 0);
  const close = (r: number) => Math.abs(value(r)) <= scale * 1e-10;

  let r = 0.1;
  for (let i = 0; i < 50; i += 1) {
    const v = value(r);
    const d = slope(r);
    if (!Number.isFinite(v) || !Number.isFinite(d) || d === 0) break;
    const nextR = r - v / d;
    if (!Number.isFinite(nextR) || nextR <= -1) break;
    if (Math.abs(nextR - r) < 1e-12) {
      if (close(nextR)) return { available: true, value: nextR };
      break;
    }
    r = nextR;
  }
  return bisect(value);
};

/** Brackets to try, widening from near zero: the first adjacent pair where the value changes sign. */
// Close to -100% too: losing 99.9% within 90 days is a rate of -(1 - 7e-13).
const CANDIDATES = [
  -1 + 1e-15,
  -1 + 1e-12,
  -1 + 1e-9,
  -0.999999,
  -0.99,
  -0.9,
  -0.5,
  0,
  0.5,
  1,
  3,
  10,
  100,
  1e3,
  1e4,
  1e6,
];

const bracket = (value: (r: number) => number): [number, number] | undefined => {
  for (let i = 1; i < CANDIDATES.length; i += 1) {
    const a = CANDIDATES[i - 1] as number;
    const b = CANDIDATES[i] as number;
    const va = value(a);
    const vb = value(b);
    if (Number.isFinite(va) && Number.isFinite(vb) && Math.sign(va) !== Math.sign(vb)) return [a, b];
  }
  return undefined;
};

/**
 * Bisection on the first bracket where the value changes sign. The value is continuous for r > -1, so a
 * sign change holds a root; no bracket means no root we can find.
 */
const bisect = (value: (r: number) => number): Measure<number> => {
  const found = bracket(value);
  if (!found) return { available: false, reason: 'noRoot' };
  let [lo, hi] = found;
  let vlo = value(lo);
  // Halve until the floats run out: near -100% the rate needs every digit (1 + r may be 1e-9).
  for (let i = 0; i < 200; i += 1) {
    const mid = (lo + hi) / 2;
    if (mid <= lo || mid >= hi) break;
    const vm = value(mid);
    if (vm === 0) return { available: true, value: mid };
    if (Math.sign(vm) === Math.sign(vlo)) {
      lo = mid;
      vlo = vm;
    } else hi = mid;
  }
  return { available: true, value: (lo + hi) / 2 };
};

/** The multiples of DOMAIN.md, as decimal strings to `digits` places (half to even). */
export interface Multiples {
  /** Distributions / paid-in capital. */
  dpi: Measure<string>;
  /** NAV / paid-in capital. */
  rvpi: Measure<string>;
  /** DPI + RVPI, computed from the unrounded ratios. */
  tvpi: Measure<string>;
}

/**
 * DPI, RVPI and TVPI (DOMAIN.md: PIC = contributions paid; DPI = distributions / PIC; RVPI = NAV / PIC;
 * TVPI = DPI + RVPI). Redemption proceeds are money returned to the investor, so they count with
 * distributions. Nothing paid in: not available (a ratio to zero has no value; 0 would mislead).
 */
export const multiples = (input: { paidIn: string; distributed: string; nav: string }, digits = 4): Multiples => {
  const pic = dec(input.paidIn);
  if (pic.lte(0)) {
    const none: NotAvailable = { available: false, reason: 'noPaidIn' };
    return { dpi: none, rvpi: none, tvpi: none };
  }
  const dpi = dec(input.distributed).div(pic);
  const rvpi = dec(input.nav).div(pic);
  const fixed = (v: typeof dpi): Measure<string> => ({ available: true, value: v.toFixed(digits) });
  return { dpi: fixed(dpi), rvpi: fixed(rvpi), tvpi: fixed(dpi.add(rvpi)) };
};

/**
 * The investor's cash flows from ledger entries of one currency, for XIRR: money paid in (PAYMENT,
 * which includes fees) negative, distributions and redemption proceeds paid positive, and the NAV as a
 * final positive flow at `navDate`. A reversal cancels its original's flow on the original's date.
 * Calls, declarations and dealt-but-unpaid redemptions move no cash and are not flows.
 */
export const cashFlowsOf = (
  entries: readonly LedgerEntry[],
  currency: Currency,
  nav?: { amount: string; date: string },
): CashFlow[] => {
  const flows: CashFlow[] = [];
  for (const e of entries) {
    if (e.currency !== currency) throw new TypeError(`Entry ${e.id} is in ${e.currency}, not ${currency}`);
    const sign = (e.kind === 'PAYMENT' ? -1 : 1) * (e.reverses === undefined ? 1 : -1);
    if (e.kind === 'PAYMENT' || e.kind === 'DISTRIBUTION_PAID' || e.kind === 'REDEMPTION_PAID') {
      flows.push({ date: e.effectiveDate, amount: dec(e.amount).mul(sign).toFixed() });
    }
  }
  if (nav && dec(nav.amount).gt(0)) flows.push({ date: nav.date, amount: nav.amount });
  return flows;
};
