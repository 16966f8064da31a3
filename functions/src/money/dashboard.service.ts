import type { Currency } from '@tranche/shared/money';
import { dec, toAmount } from '@tranche/shared/money/decimal';
import { convertTotals, portfolioLine } from '@tranche/shared/money/display';
import type { LedgerEntry } from '@tranche/shared/money/ledger';
import type { InvestmentStatistics, NavLine, Statistics } from '@tranche/shared/money/money.schema';
import { cashFlowsOf, multiples, xirr } from '@tranche/shared/money/performance';
import { investmentSummary, type NavPoint, navLine } from '@tranche/shared/money/summary';
import type { DisplayRates } from '@tranche/shared/tenant/display-currency';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { getTenant } from '../tenant/tenant.repo.js';
import { type InvestmentRecord, investmentsOfInvestor, readLedger } from './investment.reads.js';
import { todayOf } from './money-text.js';
import { readPrices } from './nav.service.js';

/**
 * The investor's dashboard (spec paths /dashboard/statistics-subscription, /dashboard/nav-line-graph):
 * every figure from the ledger entries of their own investments and the share classes' posted NAVs,
 * through the pure functions of shared/src/money (summary.ts, performance.ts), so a tile and its
 * definition cannot disagree.
 */

interface Loaded {
  inv: InvestmentRecord;
  entries: LedgerEntry[];
  prices: NavPoint[];
}

/** Every investment of the investor with its entries and its class's prices (each class read once). */
const loadAll = async (tenantId: string, userId: string): Promise<Loaded[]> => {
  const investments = (await investmentsOfInvestor(tenantId, userId)).sort((a, b) =>
    a.openedAt < b.openedAt ? -1 : a.openedAt > b.openedAt ? 1 : 0,
  );
  const classPrices = new Map<string, Promise<NavPoint[]>>();
  const pricesOf = (inv: InvestmentRecord) => {
    const key = `${inv.productId}#${inv.shareClassId}`;
    let p = classPrices.get(key);
    if (!p) {
      p = readPrices(tenantId, inv.productId, inv.shareClassId).then((ps) =>
        ps.map((x) => ({ date: x.navDate, navPerUnit: x.navPerUnit })),
      );
      classPrices.set(key, p);
    }
    return p;
  };
  return Promise.all(
    investments.map(async (inv) => ({
      inv,
      entries: await readLedger(tenantId, inv.subscriptionId),
      prices: await pricesOf(inv),
    })),
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
): Promise<Statistics> => {
  const asOf = asOfQuery ?? todayOf(at ?? new Date().toISOString());
  const [loaded, display] = await Promise.all([loadAll(tenantId, userId), displayTarget(tenantId, userId, currency)]);
  const investments: InvestmentStatistics[] = loaded.map(({ inv, entries, prices }) => {
    const s = investmentSummary(entries, inv.currency, prices, asOf);
    return {
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
    };
  });
  // Per currency: sums of the tiles, and the measures over the pooled flows (never across currencies).
  const byCurrency = new Map<Currency, { stats: InvestmentStatistics[]; loaded: Loaded[] }>();
  loaded.forEach((l, i) => {
    const group = byCurrency.get(l.inv.currency) ?? { stats: [], loaded: [] };
    group.stats.push(investments[i] as InvestmentStatistics);
    group.loaded.push(l);
    byCurrency.set(l.inv.currency, group);
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
    const flows = group.loaded.flatMap(({ entries }) =>
      cashFlowsOf(
        entries.filter((e) => e.effectiveDate <= asOf),
        currency,
      ),
    );
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
): Promise<NavLine> => {
  const asOf = asOfQuery ?? todayOf(at ?? new Date().toISOString());
  const [loaded, display] = await Promise.all([loadAll(tenantId, userId), displayTarget(tenantId, userId, currency)]);
  const series = loaded.map(({ inv, entries, prices }) => ({
    subscriptionId: inv.subscriptionId,
    fund: inv.fund,
    currency: inv.currency,
    points: navLine(
      entries.filter((e) => e.effectiveDate <= asOf),
      prices.filter((p) => p.date <= asOf),
      inv.currency,
    ),
  }));
  return { asOf, series, display: portfolioLine(series, display.target, display.policy) };
};
