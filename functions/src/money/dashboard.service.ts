import type { Currency } from '@tranche/shared/money';
import { dec, toAmount } from '@tranche/shared/money/decimal';
import { convertTotals, portfolioLine } from '@tranche/shared/money/display';
import type { InvestmentStatistics, NavLine, Statistics } from '@tranche/shared/money/money.schema';
import { type CashFlow, cashFlowsOf, multiples, xirr } from '@tranche/shared/money/performance';
import { type InvestmentSummary, investmentSummary, type NavPoint, navLine } from '@tranche/shared/money/summary';
import { lineFromCache, summaryFromCache } from '@tranche/shared/money/summary-cache';
import type { DisplayRates } from '@tranche/shared/tenant/display-currency';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { getTenant } from '../tenant/tenant.repo.js';
import { type InvestmentRecord, investmentsOfInvestor, readLedger, summariesOfInvestor } from './investment.reads.js';
import { todayOf } from './money-text.js';
import { readPrices } from './nav.service.js';

/**
 * The investor's dashboard (spec paths /dashboard/statistics-subscription, /dashboard/nav-line-graph):
 * every figure from the ledger entries of their own investments and the share classes' posted NAVs,
 * through the pure functions of shared/src/money (summary.ts, performance.ts), so a tile and its
 * definition cannot disagree. Each investment's figures are kept on its #SUMMARY item (pattern 43d,
 * shared/src/money/summary-cache.ts; docs/money.md "Dashboard summaries"), current with its ledger
 * (every append) and its class's NAV (the navSummaries consumer): a request is one Query of those (only
 * the part the route shows) and one of the investments, then arithmetic. An investment whose summary
 * cannot answer (none yet, behind the ledger's seq, an as-of date before its last entry, or before its
 * latest NAV for the tiles) is computed from its entries as before.
 */

/** The investor's investments, oldest first, with their summaries at the same seq where there is one. */
const positions = async (tenantId: string, userId: string, part: 'figures' | 'line', fromLedger: boolean) => {
  const [investments, summaries] = await Promise.all([
    investmentsOfInvestor(tenantId, userId),
    fromLedger ? [] : summariesOfInvestor(tenantId, userId, part),
  ]);
  const kept = new Map(summaries.map((s) => [s.subscriptionId, s]));
  return investments
    .sort((a, b) => (a.openedAt < b.openedAt ? -1 : a.openedAt > b.openedAt ? 1 : 0))
    .map((inv) => {
      const s = kept.get(inv.subscriptionId);
      return { inv, kept: s && s.seq === inv.seq ? s.summary : undefined };
    });
};

/** Entries and the class's prices (each class read once), for the investments no summary answers. */
const ledgerReader = (tenantId: string) => {
  const classPrices = new Map<string, Promise<NavPoint[]>>();
  return async (inv: InvestmentRecord) => {
    const key = `${inv.productId}#${inv.shareClassId}`;
    let p = classPrices.get(key);
    if (!p) {
      p = readPrices(tenantId, inv.productId, inv.shareClassId).then((ps) =>
        ps.map((x) => ({ date: x.navDate, navPerUnit: x.navPerUnit })),
      );
      classPrices.set(key, p);
    }
    const [entries, prices] = await Promise.all([readLedger(tenantId, inv.subscriptionId), p]);
    return { entries, prices };
  };
};

/** One investment's tiles and measures as of the request's date, and its cash flows up to then. */
interface Figures {
  inv: InvestmentRecord;
  summary: InvestmentSummary;
  /** The ledger's cash flows up to as of (no NAV): the per-currency XIRR pools them. */
  flows: CashFlow[];
}

/**
 * The figures of every investment as of `asOf` from the summaries; `fromLedger` ignores them (the
 * oracle the integration test compares the route with).
 */
const figuresOf = async (tenantId: string, userId: string, asOf: string, fromLedger: boolean): Promise<Figures[]> => {
  const read = ledgerReader(tenantId);
  return Promise.all(
    (await positions(tenantId, userId, 'figures', fromLedger)).map(async ({ inv, kept }) => {
      const cached = kept && summaryFromCache(inv.balances, kept, inv.currency, asOf);
      if (cached) return { inv, ...cached };
      const { entries, prices } = await read(inv);
      return {
        inv,
        summary: investmentSummary(entries, inv.currency, prices, asOf),
        flows: cashFlowsOf(
          entries.filter((e) => e.effectiveDate <= asOf),
          inv.currency,
        ),
      };
    }),
  );
};

/** The NAV line of every investment up to `asOf`, from the summaries unless `fromLedger`. */
const linesOf = async (tenantId: string, userId: string, asOf: string, fromLedger: boolean) => {
  const read = ledgerReader(tenantId);
  return Promise.all(
    (await positions(tenantId, userId, 'line', fromLedger)).map(async ({ inv, kept }) => {
      const cached = kept && lineFromCache(kept, asOf);
      if (cached) return { inv, points: cached };
      const { entries, prices } = await read(inv);
      return {
        inv,
        points: navLine(
          entries.filter((e) => e.effectiveDate <= asOf),
          prices.filter((p) => p.date <= asOf),
          inv.currency,
        ),
      };
    }),
  );
};

/**
 * The display currency and the tenant's rates: the one asked for (which the tenant must offer:
 * NotOfferedByTenant naming `currency`), else the investor's account currency, else the tenant's base.
 */
export const displayTarget = async (
  tenantId: string,
  userId: string,
  asked?: Currency,
): Promise<{ target: Currency; policy: DisplayRates }> => {
  const tenant = await getTenant(tenantId);
  const policy: DisplayRates = { baseCurrency: tenant.defaultCurrency, rates: tenant.displayRates ?? [] };
  if (asked) {
    if (!tenant.currencies.includes(asked))
      throw new DomainError('NotOfferedByTenant', {
        fields: [{ field: 'currency', rule: 'tenant', message: 'This portal does not offer that currency' }],
      });
    return { target: asked, policy };
  }
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(tenantId, userId),
      ProjectionExpression: 'currency',
    }),
  );
  const own = Item?.currency as Currency | undefined;
  return { target: own && tenant.currencies.includes(own) ? own : tenant.defaultCurrency, policy };
};

export const statistics = async (
  tenantId: string,
  userId: string,
  asOfQuery?: string,
  at?: string,
  currency?: Currency,
  fromLedger = false,
): Promise<Statistics> => {
  const asOf = asOfQuery ?? todayOf(at ?? new Date().toISOString());
  const [views, display] = await Promise.all([
    figuresOf(tenantId, userId, asOf, fromLedger),
    displayTarget(tenantId, userId, currency),
  ]);
  const investments: InvestmentStatistics[] = views.map(({ inv, summary: s }) => ({
    subscriptionId: inv.subscriptionId,
    productId: inv.productId,
    shareClassId: inv.shareClassId,
    fund: inv.fund,
    currency: inv.currency,
    committed: s.committed,
    called: s.called,
    paidIn: s.paidIn,
    fees: s.fees,
    invested: s.invested,
    outstanding: s.outstanding,
    undrawn: s.undrawn,
    distributed: s.distributed,
    redeemed: s.redeemed,
    units: s.units,
    ...(s.nav !== undefined ? { nav: s.nav } : {}),
    ...(s.navDate !== undefined ? { navDate: s.navDate } : {}),
    dpi: s.multiples.dpi,
    rvpi: s.multiples.rvpi,
    tvpi: s.multiples.tvpi,
    xirr: s.xirr,
  }));
  // Per currency: sums of the tiles, and the measures over the pooled flows (never across currencies).
  const byCurrency = new Map<Currency, { stats: InvestmentStatistics[]; views: Figures[] }>();
  views.forEach((v, i) => {
    const group = byCurrency.get(v.inv.currency) ?? { stats: [], views: [] };
    group.stats.push(investments[i] as InvestmentStatistics);
    group.views.push(v);
    byCurrency.set(v.inv.currency, group);
  });
  const totals = [...byCurrency].map(([currency, group]) => {
    const total = (f: (s: InvestmentStatistics) => string | undefined) =>
      toAmount(
        group.stats.reduce((a, s) => a.add(dec(f(s) ?? '0')), dec('0')),
        currency,
      );
    const nav = total((s) => s.nav);
    const paidIn = total((s) => s.paidIn);
    const returned = toAmount(dec(total((s) => s.distributed)).add(dec(total((s) => s.redeemed))), currency);
    const flows = group.views.flatMap((v) => v.flows);
    if (dec(nav).gt(0)) flows.push({ date: asOf, amount: nav });
    const m = multiples({ paidIn, distributed: returned, nav });
    return {
      currency,
      committed: total((s) => s.committed),
      invested: total((s) => s.invested),
      undrawn: total((s) => s.undrawn),
      distributed: total((s) => s.distributed),
      redeemed: total((s) => s.redeemed),
      nav,
      dpi: m.dpi,
      rvpi: m.rvpi,
      tvpi: m.tvpi,
      xirr: xirr(flows),
    };
  });
  return {
    asOf,
    investments,
    totals,
    display: convertTotals(
      totals.map((t) => ({ currency: t.currency, figures: t })),
      ['committed', 'invested', 'undrawn', 'distributed', 'redeemed', 'nav'],
      display.target,
      display.policy,
    ),
  };
};

export const navLineGraph = async (
  tenantId: string,
  userId: string,
  asOfQuery?: string,
  at?: string,
  currency?: Currency,
  fromLedger = false,
): Promise<NavLine> => {
  const asOf = asOfQuery ?? todayOf(at ?? new Date().toISOString());
  const [views, display] = await Promise.all([
    linesOf(tenantId, userId, asOf, fromLedger),
    displayTarget(tenantId, userId, currency),
  ]);
  const series = views.map(({ inv, points }) => ({
    subscriptionId: inv.subscriptionId,
    fund: inv.fund,
    currency: inv.currency,
    points,
  }));
  return { asOf, series, display: portfolioLine(series, display.target, display.policy) };
};
