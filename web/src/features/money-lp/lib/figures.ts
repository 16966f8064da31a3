import type { Lang } from '@tranche/shared/i18n/langs';
import { scaled, unscaled } from '@tranche/shared/money/fixed-point';
import type { NavLine, Transaction } from '@tranche/shared/money/money.schema';
import { noticeReference } from '@tranche/shared/money/notice-reference';

/**
 * Pure helpers of the investor's money screens. Amounts are decimal strings computed by the server
 * from the ledger; nothing here adds them up. Intl formats a numeric string exactly, so a figure is
 * never parsed into a float on its way to the screen. The only floats are the NAV chart's points:
 * a picture needs coordinates, and the figures beside it stay the strings.
 */

/** A measure as the API gives it (money.schema.ts): a value, or why there is none. */
export type Measure<T> =
  | { available: true; value: T }
  | { available: false; reason: 'noFlows' | 'noSignChange' | 'noRoot' | 'noPaidIn' };

type Numeric = `${number}`;

const multipleFormat = new Map<Lang, Intl.NumberFormat>();
const rateFormat = new Map<Lang, Intl.NumberFormat>();
const unitsFormat = new Map<Lang, Intl.NumberFormat>();
const once = (cache: Map<Lang, Intl.NumberFormat>, lang: Lang, make: () => Intl.NumberFormat) => {
  let f = cache.get(lang);
  if (!f) {
    f = make();
    cache.set(lang, f);
  }
  return f;
};

/** TVPI, DPI, RVPI (4-decimal strings from the server) to two decimals, e.g. "1.25". */
export const formatMultiple = (value: string, lang: Lang): string =>
  once(
    multipleFormat,
    lang,
    () => new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ).format(value as Numeric);

/** XIRR (a fraction, 0.3733…) as a percentage with up to two decimals: "37.34%". */
export const formatRate = (value: number, lang: Lang): string =>
  once(rateFormat, lang, () => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 })).format(
    value,
  );

/** Units keep their six decimals' worth of precision, without trailing zeros: "1,500.25". */
export const formatUnits = (units: string, lang: Lang): string =>
  once(unitsFormat, lang, () => new Intl.NumberFormat(lang, { maximumFractionDigits: 6 })).format(units as Numeric);

/** Units as whole millionths (the server's 6 decimals), for exact sums without floats. */
const microUnits = (units: string): bigint => scaled(units.trim(), 6, { truncate: true });

/**
 * What a partly dealt redemption still has to deal: asked less dealt so far, as a 6-decimal string
 * ("1507.500000"); never below zero.
 */
export const unitsLeft = (asked: string, dealt: string | undefined): string => {
  const left = microUnits(asked) - microUnits(dealt ?? '0');
  return unscaled(left > 0n ? left : 0n, 6);
};

const rateValueFormat = new Map<Lang, Intl.NumberFormat>();
/** A display rate (8 decimals from the server) without its trailing zeros: "0.128", "7.8125". */
export const formatRateValue = (rate: string, lang: Lang): string =>
  once(rateValueFormat, lang, () => new Intl.NumberFormat(lang, { maximumFractionDigits: 8 })).format(rate as Numeric);

/** A decimal string that is zero ("0", "0.00", "-0.000000"), read as text. */
export const isZero = (amount: string): boolean => /^[-+]?0*(\.0*)?$/.test(amount.trim());

/** Whether a decimal string is above zero, read as text. */
export const isPositive = (amount: string): boolean => !isZero(amount) && !amount.trim().startsWith('-');

/** The tiles of spec section 2 (amounts) and the performance measures, in the order they are shown. */
export const AMOUNT_TILES = ['nav', 'distributed', 'committed', 'invested', 'undrawn', 'redeemed'] as const;
export const MEASURE_TILES = ['tvpi', 'dpi', 'rvpi', 'xirr'] as const;
export type AmountTile = (typeof AMOUNT_TILES)[number];
export type MeasureTile = (typeof MEASURE_TILES)[number];

/** What one investment's or one currency's tiles read: the totals and the investments share it. */
export interface TileFigures {
  currency: string;
  committed: string;
  invested: string;
  undrawn: string;
  distributed: string;
  redeemed: string;
  /** An investment has no NAV until its class has a price; totals always have one (0 when none). */
  nav?: string | undefined;
  navDate?: string | undefined;
  dpi: Measure<string>;
  rvpi: Measure<string>;
  tvpi: Measure<string>;
  xirr: Measure<number>;
}

/**
 * A measure's text, or undefined when it has no value (the screen says "not available" and why:
 * a missing XIRR is never shown as 0 %).
 */
export const measureValue = (tile: MeasureTile, figures: TileFigures, lang: Lang): string | undefined => {
  if (tile === 'xirr') return figures.xirr.available ? formatRate(figures.xirr.value, lang) : undefined;
  const m = figures[tile];
  return m.available ? formatMultiple(m.value, lang) : undefined;
};

/** One chart per currency: lines of different currencies on one axis would compare unlike things. */
export interface NavChart {
  currency: string;
  series: { key: string; fund: string; subscriptionId: string }[];
  /** One row per price date, each line's NAV on it (absent before the line starts). */
  rows: Record<string, string | number>[];
}

export const navCharts = (line: NavLine): NavChart[] => {
  const byCurrency = new Map<string, NavLine['series']>();
  for (const s of line.series) {
    if (s.points.length === 0) continue;
    byCurrency.set(s.currency, [...(byCurrency.get(s.currency) ?? []), s]);
  }
  return [...byCurrency].map(([currency, series]) => {
    const rows = new Map<string, Record<string, string | number>>();
    const keyed = series.map((s, i) => ({ key: `s${i}`, fund: s.fund, subscriptionId: s.subscriptionId, s }));
    for (const { key, s } of keyed)
      for (const p of s.points) {
        const row = rows.get(p.date) ?? { date: p.date };
        row[key] = Number(p.nav);
        rows.set(p.date, row);
      }
    return {
      currency,
      series: keyed.map(({ key, fund, subscriptionId }) => ({ key, fund, subscriptionId })),
      rows: [...rows.values()].sort((a, b) => String(a.date).localeCompare(String(b.date))),
    };
  });
};

/**
 * The whole portfolio's NAV line in the display currency (the server converts it; indicative), as a
 * one-line chart, when the holdings are in another currency or several; undefined otherwise.
 */
export const displayNavChart = (line: NavLine, label: string): NavChart | undefined => {
  const { display } = line;
  const currencies = new Set(line.series.filter((s) => s.points.length > 0).map((s) => s.currency));
  const needed = currencies.size > 1 || [...currencies].some((c) => c !== display.currency);
  if (!needed || !display.converted || display.converted.length === 0) return undefined;
  return {
    currency: display.currency,
    series: [{ key: 's0', fund: label, subscriptionId: '' }],
    rows: display.converted.map((p) => ({ date: p.date, s0: Number(p.nav) })),
  };
};

/** The first and last point of a line, for the text that says what the picture shows. */
export const navEnds = (points: NavLine['series'][number]['points']) =>
  points.length === 0 ? undefined : { first: points[0]!, last: points[points.length - 1]! };

export interface TransactionFilter {
  kind: string;
}

/**
 * The rows the type filter keeps, over the pages read (the date range and the fund are the server's
 * query, so its pages stay full).
 */
export const filterTransactions = (items: readonly Transaction[], filter: TransactionFilter): Transaction[] =>
  items.filter((t) => !filter.kind || t.kind === filter.kind);

/**
 * The options of the Fund filter: each fund of the investor's investments once (two investments in
 * one fund are one choice, as the server filters by fund), by name.
 */
export const fundsOf = (investments: readonly { productId: string; fund: string }[]) => {
  const seen = new Map<string, string>();
  for (const i of investments) if (!seen.has(i.productId)) seen.set(i.productId, i.fund);
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
};

/**
 * The reference an investor quotes with a payment, so the manager can match it to the notice: the
 * call's and the investment's ids (their last 8 characters, ULIDs' random part), upper case.
 */
export const paymentReference = (callId: string, subscriptionId: string): string =>
  noticeReference(callId, subscriptionId);

export type RedeemBy = 'full' | 'units' | 'amount';
export interface RedemptionValues {
  by: RedeemBy;
  units: string;
  amount: string;
}

/** The API's body for the form: exactly one of full, units or amount, as the route requires. */
export const redemptionSize = (values: RedemptionValues) =>
  values.by === 'full'
    ? { full: true }
    : values.by === 'units'
      ? { units: values.units.trim() }
      : { amount: values.amount.trim() };

/** The form's values for a redemption being amended: by units unless it was the whole holding or an amount. */
export const valuesOfRedemption = (r: {
  full: boolean;
  units: string;
  amount?: string | undefined;
}): RedemptionValues =>
  r.full
    ? { by: 'full', units: '', amount: '' }
    : r.amount
      ? { by: 'amount', units: '', amount: r.amount }
      : { by: 'units', units: plainUnits(r.units), amount: '' };

/** "1000.500000" -> "1000.5": the stored six decimals, as a person would type the number. */
export const plainUnits = (units: string): string =>
  units.includes('.') ? units.replace(/0+$/, '').replace(/\.$/, '') : units;

/** Units as the API takes them (UnitsSchema): up to 6 decimals, no sign, no leading zeros. */
export const UNITS_PATTERN = /^(0|[1-9]\d{0,17})(\.\d{1,6})?$/;
/** An amount as the API takes it (AmountSchema; finer than the currency's minor unit is the server's to refuse). */
export const AMOUNT_PATTERN = /^(0|[1-9]\d{0,17})(\.\d{1,6})?$/;

/** A browser download of text the API returned (the CSV exports), under the file name it gave. */
export const downloadText = (file: { fileName: string; contentType: string; content: string }): void => {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.contentType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download in Safari.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
