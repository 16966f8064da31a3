import type { Currency } from '../money.js';
import { dec, toAmount } from './decimal.js';
import { type Balances, balancesOf, type LedgerEntry } from './ledger.js';
import { cashFlowsOf, type Measure, type Multiples, multiples, xirr } from './performance.js';

/** A NAV per unit of a share class on a date (what the manager posts). */
export interface NavPoint {
  date: string;
  navPerUnit: string;
}

/** Units held at the end of `date`: issued on payments less redeemed, each counted from its effective date. */
export const unitsHeldOn = (entries: readonly LedgerEntry[], date: string) =>
  entries
    .filter((e) => e.effectiveDate <= date && (e.kind === 'PAYMENT' || e.kind === 'REDEMPTION_DEALT'))
    .reduce((a, e) => {
      const sign = (e.kind === 'PAYMENT' ? 1 : -1) * (e.reverses === undefined ? 1 : -1);
      return a.add(dec(e.units ?? '0').mul(sign));
    }, dec('0'));

/**
 * The NAV line of one investment (the spec's /dashboard/nav-line-graph): at each NAV date, the units
 * then held times that NAV per unit, in minor units. Points come back in date order. One sweep over
 * the unit movements in date order (not a scan per point): five years of monthly prices on a busy
 * investment stay well inside the dashboard's budget (bench/money.ts).
 */
export const navLine = (
  entries: readonly LedgerEntry[],
  prices: readonly NavPoint[],
  currency: Currency,
): { date: string; nav: string }[] => {
  const byDate = (a: { date: string }, b: { date: string }) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
  const moves = entries
    .filter((e) => (e.kind === 'PAYMENT' || e.kind === 'REDEMPTION_DEALT') && e.units !== undefined)
    .map((e) => ({
      date: e.effectiveDate,
      units: dec(e.units ?? '0').mul((e.kind === 'PAYMENT' ? 1 : -1) * (e.reverses === undefined ? 1 : -1)),
    }))
    .sort(byDate);
  let held = dec('0');
  let next = 0;
  return [...prices].sort(byDate).map((p) => {
    for (; next < moves.length && (moves[next] as (typeof moves)[number]).date <= p.date; next += 1) {
      held = held.add((moves[next] as (typeof moves)[number]).units);
    }
    return { date: p.date, nav: toAmount(held.mul(dec(p.navPerUnit)), currency) };
  });
};

/** The latest price on or before `date`, if any. */
export const latestNav = (prices: readonly NavPoint[], date: string): NavPoint | undefined =>
  prices
    .filter((p) => p.date <= date)
    .reduce<NavPoint | undefined>((a, p) => (!a || p.date > a.date ? p : a), undefined);

/** Everything the dashboard shows for one investment, derived from its ledger entries and its class's NAVs. */
export interface InvestmentSummary extends Balances {
  /** Units held x latest NAV per unit on or before `asOf`; absent when no NAV was posted yet. */
  nav: string | undefined;
  navDate: string | undefined;
  multiples: Multiples;
  xirr: Measure<number>;
}

/**
 * The dashboard tiles and measures of one investment as of `asOf`, all from one ledger: balances
 * (ledger.ts), NAV from the units held and the latest price, DPI/RVPI/TVPI on paid-in capital with
 * distributions and redemption proceeds as money returned, and XIRR over the cash flows with the NAV as
 * the final flow. Without a NAV the value is taken as zero for the multiples and XIRR (nothing is known
 * to be left), and the NAV tile says so by being absent.
 */
export const investmentSummary = (
  entries: readonly LedgerEntry[],
  currency: Currency,
  prices: readonly NavPoint[],
  asOf: string,
): InvestmentSummary => {
  const upToDate = entries.filter((e) => e.effectiveDate <= asOf);
  const balances = balancesOf(upToDate, currency);
  const price = latestNav(prices, asOf);
  const nav = price ? toAmount(unitsHeldOn(upToDate, asOf).mul(dec(price.navPerUnit)), currency) : undefined;
  const returned = toAmount(dec(balances.distributed).add(dec(balances.redeemed)), currency);
  return {
    ...balances,
    nav,
    navDate: price?.date,
    multiples: multiples({ paidIn: balances.paidIn, distributed: returned, nav: nav ?? '0' }),
    xirr: xirr(cashFlowsOf(upToDate, currency, nav ? { amount: nav, date: asOf } : undefined)),
  };
};
