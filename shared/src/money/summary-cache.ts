import type { Currency } from '../money.js';
import { dec, toAmount } from './decimal.js';
import type { Balances, LedgerEntry } from './ledger.js';
import { type CashFlow, cashFlowsOf, multiples, xirr } from './performance.js';
import { type InvestmentSummary, type NavPoint, navLine, unitsHeldOn } from './summary.js';

/**
 * The dashboard's figures of one investment, kept on its #META (docs/money.md "Dashboard summaries")
 * so that /dashboard/statistics-subscription and /dashboard/nav-line-graph read one item per investment
 * instead of its whole ledger and its class's prices. Two writers keep it: every ledger append
 * recomputes it from all the entries with the prices it already holds (`summaryAfterAppend`), and the
 * NAV consumer recomputes it from the entries with the class's prices read afresh (`summaryCacheOf`).
 * Everything here is derived with the same functions as `investmentSummary` and `navLine`, so a figure
 * read from the cache equals the one recomputed from the entries (property test in summary.test.ts).
 */

/** A point of the NAV line with the price it was valued at (an append revalues the line from it). */
export interface LinePoint {
  date: string;
  navPerUnit: string;
  nav: string;
}

export interface SummaryCache {
  /** The latest effective date among the entries: the cache answers an as-of date on or after it. */
  through?: string;
  /** The entries' cash flows for XIRR, without the NAV (`cashFlowsOf`), in ledger order. */
  flows: CashFlow[];
  /** The class's latest NAV and the units now held valued at it; absent before the class's first NAV. */
  nav?: { date: string; navPerUnit: string; value: string };
  /** The NAV line, one point per class price, oldest first; absent when longer than MAX_LINE_POINTS. */
  line?: LinePoint[];
}

/**
 * At most this many NAV points are kept on the item (about 70 bytes each: ~20 years of monthly or
 * ~4 years of daily NAV), well inside DynamoDB's 400 KB item, which the GSIs copy twice more. A longer
 * line is drawn from the ledger and prices as before (the route's fallback).
 */
export const MAX_LINE_POINTS = 1_000;

/** A price with the time it was posted (NavPrice of money.schema.ts). */
export interface PostedPrice {
  navDate: string;
  navPerUnit: string;
  postedAt: string;
}

/**
 * The version of a class's prices: its last NAV date, then the newest posting time (a correction of
 * a date already posted changes the prices without moving the last date). Both only grow, so comparing
 * two versions as strings tells which prices are newer: the NAV consumer writes only over older ones.
 */
export const navVersionOf = (prices: readonly PostedPrice[]): string | undefined => {
  if (prices.length === 0) return undefined;
  let date = '';
  let posted = '';
  for (const p of prices) {
    if (p.navDate > date) date = p.navDate;
    if (p.postedAt > posted) posted = p.postedAt;
  }
  return `${date}#${posted}`;
};

const byDate = (a: { date: string }, b: { date: string }) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);

const cacheOf = (
  entries: readonly LedgerEntry[],
  currency: Currency,
  latest: NavPoint | undefined,
  sorted: readonly NavPoint[] | undefined,
): SummaryCache => {
  let through: string | undefined;
  for (const e of entries) if (through === undefined || e.effectiveDate > through) through = e.effectiveDate;
  const cache: SummaryCache = { flows: cashFlowsOf(entries, currency) };
  if (through !== undefined) cache.through = through;
  if (latest) {
    const units = through === undefined ? dec('0') : unitsHeldOn(entries, through);
    cache.nav = {
      date: latest.date,
      navPerUnit: latest.navPerUnit,
      value: toAmount(units.mul(dec(latest.navPerUnit)), currency),
    };
  }
  if (sorted) {
    cache.line = navLine(entries, sorted, currency).map((p, i) => ({
      date: p.date,
      navPerUnit: (sorted[i] as NavPoint).navPerUnit,
      nav: p.nav,
    }));
  }
  return cache;
};

/** The summary of `entries` valued with the class's prices (one per date, any order). */
export const summaryCacheOf = (
  entries: readonly LedgerEntry[],
  currency: Currency,
  prices: readonly NavPoint[],
): SummaryCache => {
  const sorted = [...prices].sort(byDate);
  return cacheOf(entries, currency, sorted.at(-1), sorted.length <= MAX_LINE_POINTS ? sorted : undefined);
};

/**
 * The summary after an append: `entries` are all the entries now, valued with the prices the previous
 * summary holds (the NAV consumer brings newer ones). A line left out for its length stays out.
 */
export const summaryAfterAppend = (
  previous: SummaryCache,
  entries: readonly LedgerEntry[],
  currency: Currency,
): SummaryCache => {
  const latest = previous.nav && { date: previous.nav.date, navPerUnit: previous.nav.navPerUnit };
  const prices = previous.line?.map((p) => ({ date: p.date, navPerUnit: p.navPerUnit }));
  return cacheOf(entries, currency, latest, prices);
};

/**
 * One investment's dashboard figures as of `asOf` from its stored balances and summary, equal to
 * `investmentSummary` over its entries and the summary's prices, with the ledger's cash flows up to
 * `asOf` (the per-currency XIRR pools them). Undefined when the summary cannot answer for that date
 * (an entry dated after it, or a price before it that only the omitted line holds): read the ledger.
 */
export const summaryFromCache = (
  balances: Balances,
  cache: SummaryCache,
  currency: Currency,
  asOf: string,
): { summary: InvestmentSummary; flows: CashFlow[] } | undefined => {
  if (cache.through !== undefined && asOf < cache.through) return undefined;
  let nav: string | undefined;
  let navDate: string | undefined;
  if (cache.nav && cache.nav.date <= asOf) {
    nav = cache.nav.value;
    navDate = cache.nav.date;
  } else if (cache.nav) {
    if (!cache.line) return undefined;
    const price = cache.line.filter((p) => p.date <= asOf).at(-1);
    if (price) {
      nav = toAmount(dec(balances.units).mul(dec(price.navPerUnit)), currency);
      navDate = price.date;
    }
  }
  const returned = toAmount(dec(balances.distributed).add(dec(balances.redeemed)), currency);
  const flows = cache.flows;
  return {
    summary: {
      ...balances,
      nav,
      navDate,
      multiples: multiples({ paidIn: balances.paidIn, distributed: returned, nav: nav ?? '0' }),
      // As cashFlowsOf adds it: the NAV is the last flow, dated as of, when there is one.
      xirr: xirr(nav && dec(nav).gt(0) ? [...flows, { date: asOf, amount: nav }] : flows),
    },
    flows,
  };
};

/** The NAV line up to `asOf` from the summary (undefined when it was left out for its length). */
export const lineFromCache = (cache: SummaryCache, asOf: string): { date: string; nav: string }[] | undefined =>
  cache.line?.filter((p) => p.date <= asOf).map((p) => ({ date: p.date, nav: p.nav }));

/**
 * How a summary is stored: the flows and the line each as one string ("date amount;…",
 * "date navPerUnit nav;…") rather than a DynamoDB list of maps. The dashboard reads 50 summaries at
 * once, and a map per point made each item ~250 attribute values to serialise, send and parse (most
 * of a request's time on a loaded machine); dates and decimal strings hold no space or semicolon.
 */
export interface StoredSummary {
  through?: string;
  flows?: string;
  nav?: { date: string; navPerUnit: string; value: string };
  line?: string;
}

export const encodeSummary = (cache: SummaryCache): StoredSummary => ({
  ...(cache.through !== undefined ? { through: cache.through } : {}),
  ...(cache.flows.length > 0 ? { flows: cache.flows.map((f) => `${f.date} ${f.amount}`).join(';') } : {}),
  ...(cache.nav ? { nav: cache.nav } : {}),
  // An empty line is stored as "" would be refused by older DynamoDB versions: '-' stands for it.
  ...(cache.line ? { line: cache.line.map((p) => `${p.date} ${p.navPerUnit} ${p.nav}`).join(';') || '-' } : {}),
});

/** The summary as stored; `line` absent when it was left out (too long) or not read (a projection). */
export const decodeSummary = (stored: StoredSummary): SummaryCache => {
  const cache: SummaryCache = {
    flows: stored.flows
      ? stored.flows.split(';').map((f) => {
          const [date = '', amount = ''] = f.split(' ');
          return { date, amount };
        })
      : [],
  };
  if (stored.through !== undefined) cache.through = stored.through;
  if (stored.nav) cache.nav = { date: stored.nav.date, navPerUnit: stored.nav.navPerUnit, value: stored.nav.value };
  if (stored.line !== undefined) {
    cache.line =
      stored.line === '-'
        ? []
        : stored.line.split(';').map((p) => {
            const [date = '', navPerUnit = '', nav = ''] = p.split(' ');
            return { date, navPerUnit, nav };
          });
  }
  return cache;
};
