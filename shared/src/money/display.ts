import { type Currency, MINOR_DIGITS } from '../currency.js';
import { convertForDisplay, type DisplayRates, displayRate } from '../tenant/display-currency.js';
import { scaled, unscaled } from './fixed-point.js';

/**
 * The investor's dashboard in their display currency (docs/money.md "Notices, currency, reversals").
 * Native figures stay per currency; these are indicative conversions beside them, with the tenant's
 * manually kept display rates, never written to the ledger. Each native figure is converted once
 * (rounded to the display currency's minor unit, half to even: `convertForDisplay`) and the converted
 * figures are added exactly, so a converted total is the sum of what a screen would show per currency.
 */

export interface DisplayRateView {
  from: Currency;
  to: Currency;
  rate: string;
  asOf?: string;
}

export interface DisplayBlock<T> {
  currency: Currency;
  rates: DisplayRateView[];
  /** Native currencies the tenant has no rate for: no converted figures are given then. */
  missingRates: Currency[];
  converted?: T;
}

const minorOf = (amount: string, currency: Currency): bigint =>
  scaled(amount, MINOR_DIGITS[currency], { truncate: true });

const amountOf = (n: bigint, currency: Currency): string => unscaled(n, MINOR_DIGITS[currency]);

/** The rates shown for `natives` into `target` (one per currency that differs), and those missing. */
export const ratesFor = (
  natives: readonly Currency[],
  target: Currency,
  policy: DisplayRates,
): Pick<DisplayBlock<never>, 'rates' | 'missingRates'> => {
  const rates: DisplayRateView[] = [];
  const missingRates: Currency[] = [];
  for (const from of [...new Set(natives)].sort()) {
    if (from === target) continue;
    const r = displayRate(from, target, policy);
    if (r) rates.push({ from, to: target, ...r });
    else missingRates.push(from);
  }
  return { rates, missingRates };
};

/**
 * Figures of several currencies (one group per currency) as one set in `target`: each group's figure
 * converted once, then added in minor units. No `converted` when a currency has no rate.
 */
export const convertTotals = <K extends string>(
  groups: readonly { currency: Currency; figures: Record<K, string> }[],
  fields: readonly K[],
  target: Currency,
  policy: DisplayRates,
): DisplayBlock<Record<K, string>> => {
  const { rates, missingRates } = ratesFor(
    groups.map((g) => g.currency),
    target,
    policy,
  );
  const block: DisplayBlock<Record<K, string>> = { currency: target, rates, missingRates };
  if (missingRates.length > 0) return block;
  const sums = new Map<K, bigint>(fields.map((f) => [f, 0n]));
  for (const g of groups) {
    for (const f of fields) {
      const converted = convertForDisplay(g.figures[f], g.currency, target, policy);
      if (!converted) return { currency: target, rates, missingRates: [g.currency] };
      sums.set(f, (sums.get(f) ?? 0n) + minorOf(converted.amount, target));
    }
  }
  block.converted = Object.fromEntries(fields.map((f) => [f, amountOf(sums.get(f) ?? 0n, target)])) as Record<
    K,
    string
  >;
  return block;
};

export interface LinePoint {
  date: string;
  nav: string;
}

/**
 * Several NAV lines (each in its currency) as one portfolio line in `target`: at every date any line
 * has a point, each line's latest value on or before it (0 before its first point), summed per
 * currency, converted once per currency and date, then added. Dates ascending.
 */
export const portfolioLine = (
  series: readonly { currency: Currency; points: readonly LinePoint[] }[],
  target: Currency,
  policy: DisplayRates,
): DisplayBlock<LinePoint[]> => {
  const { rates, missingRates } = ratesFor(
    series.map((s) => s.currency),
    target,
    policy,
  );
  const block: DisplayBlock<LinePoint[]> = { currency: target, rates, missingRates };
  if (missingRates.length > 0) return block;
  const dates = [...new Set(series.flatMap((s) => s.points.map((p) => p.date)))].sort();
  const currencies = [...new Set(series.map((s) => s.currency))];
  // One cursor per series: points are sorted by date, so a sweep carries each value forward.
  const cursor = series.map(() => -1);
  const points: LinePoint[] = [];
  for (const date of dates) {
    const native = new Map<Currency, bigint>(currencies.map((c) => [c, 0n]));
    series.forEach((s, i) => {
      let at = cursor[i] as number;
      while (at + 1 < s.points.length && (s.points[at + 1] as LinePoint).date <= date) at += 1;
      cursor[i] = at;
      if (at >= 0)
        native.set(s.currency, (native.get(s.currency) ?? 0n) + minorOf((s.points[at] as LinePoint).nav, s.currency));
    });
    let sum = 0n;
    for (const [currency, minor] of native) {
      const converted = convertForDisplay(amountOf(minor, currency), currency, target, policy);
      if (!converted) return { currency: target, rates, missingRates: [currency] };
      sum += minorOf(converted.amount, target);
    }
    points.push({ date, nav: amountOf(sum, target) });
  }
  block.converted = points;
  return block;
};
