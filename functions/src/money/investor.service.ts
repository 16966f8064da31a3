import type { Currency } from '@tranche/shared/money';
import { CAPITAL_CALL_SPEC_STATUS } from '@tranche/shared/money/capital-call-state';
import { dec, toAmount } from '@tranche/shared/money/decimal';
import { type LedgerEntry, specTransaction } from '@tranche/shared/money/ledger';
import type {
  FileExport,
  InProgress,
  InvestmentStatistics,
  InvestorCall,
  NavLine,
  Statistics,
  Transaction,
} from '@tranche/shared/money/money.schema';
import { cashFlowsOf, multiples, xirr } from '@tranche/shared/money/performance';
import { investmentSummary, type NavPoint, navLine } from '@tranche/shared/money/summary';
import { tableName } from '#lib/db/client';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { csvOf, type NoticeRecord, noticeOf } from './capital-call.service.js';
import { type InvestmentRecord, investmentsOfInvestor, ledgerOfInvestor, readLedger } from './investment.repo.js';
import { todayOf } from './money-input.js';
import { readPrices } from './nav.service.js';

/**
 * The investor's side (spec paths /investor-calls, /transactions, /dashboard/*): every figure comes
 * from the ledger entries of their own investments (the session's user; nothing here takes an id) and
 * the share classes' posted NAVs, through the pure functions of shared/src/money (summary.ts,
 * performance.ts), so a tile and its definition cannot disagree.
 */

const notices = async (tenantId: string, userId: string): Promise<NoticeRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.callsOfInvestorPk(tenantId, userId) },
      ScanIndexForward: false,
    })
  ).map(noticeOf);

const specStatusOfNotice = (n: NoticeRecord): 'PENDING' | 'RECEIVED' | 'PAID' =>
  dec(n.paid).gte(dec(n.amount))
    ? 'PAID'
    : dec(n.paid).gt(0)
      ? (CAPITAL_CALL_SPEC_STATUS.PARTLY_PAID ?? 'RECEIVED')
      : 'PENDING';

export const investorCalls = async (tenantId: string, userId: string): Promise<{ items: InvestorCall[] }> => ({
  items: (await notices(tenantId, userId)).map((n) => ({
    callId: n.callId,
    subscriptionId: n.subscriptionId,
    productId: n.productId,
    fund: n.fund,
    currency: n.currency,
    state: n.state,
    specStatus: specStatusOfNotice(n),
    items: n.items,
    amount: n.amount,
    paid: n.paid,
    outstanding: toAmount(dec(n.amount).sub(dec(n.paid)), n.currency),
    dueDate: n.dueDate,
    issuedAt: n.issuedAt,
    ...(n.purpose ? { purpose: n.purpose } : {}),
  })),
});

const transactionOf = (e: LedgerEntry & { fund: string }): Transaction => {
  const spec = specTransaction(e);
  return {
    entryId: e.id,
    seq: e.seq,
    subscriptionId: e.subscriptionId,
    productId: e.productId,
    fund: e.fund,
    kind: e.kind,
    ...(spec ? { type: spec.type, status: spec.status } : {}),
    amount: e.reverses === undefined ? e.amount : `-${e.amount}`,
    currency: e.currency,
    ...(e.units ? { units: e.reverses === undefined ? e.units : `-${e.units}` } : {}),
    effectiveDate: e.effectiveDate,
    ...(e.callId ? { callId: e.callId } : {}),
    ...(e.reverses ? { reverses: e.reverses } : {}),
  };
};

export const transactions = async (
  tenantId: string,
  userId: string,
  range: { from?: string; to?: string },
): Promise<{ items: Transaction[] }> => ({
  items: (await ledgerOfInvestor(tenantId, userId, range)).map(transactionOf),
});

export const transactionsCsv = async (
  tenantId: string,
  userId: string,
  range: { from?: string; to?: string },
): Promise<FileExport> => {
  const { items } = await transactions(tenantId, userId, range);
  const header = [
    'Date',
    'Fund',
    'Investment',
    'Type',
    'Status',
    'Amount',
    'Currency',
    'Units',
    'Capital call',
    'Reverses',
  ];
  const rows = items.map((t) => [
    t.effectiveDate,
    t.fund,
    t.subscriptionId,
    t.type ?? 'COMMITMENT',
    t.status ?? '',
    t.amount,
    t.currency,
    t.units ?? '',
    t.callId ?? '',
    t.reverses ?? '',
  ]);
  return { fileName: 'transactions.csv', contentType: 'text/csv', content: csvOf([header, ...rows]) };
};

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

export const statistics = async (
  tenantId: string,
  userId: string,
  asOfQuery?: string,
  at?: string,
): Promise<Statistics> => {
  const asOf = asOfQuery ?? todayOf(at ?? new Date().toISOString());
  const loaded = await loadAll(tenantId, userId);
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
  return { asOf, investments, totals };
};

export const navLineGraph = async (
  tenantId: string,
  userId: string,
  asOfQuery?: string,
  at?: string,
): Promise<NavLine> => {
  const asOf = asOfQuery ?? todayOf(at ?? new Date().toISOString());
  const loaded = await loadAll(tenantId, userId);
  return {
    asOf,
    series: loaded.map(({ inv, entries, prices }) => ({
      subscriptionId: inv.subscriptionId,
      fund: inv.fund,
      currency: inv.currency,
      points: navLine(
        entries.filter((e) => e.effectiveDate <= asOf),
        prices.filter((p) => p.date <= asOf),
        inv.currency,
      ),
    })),
  };
};

export const inProgress = async (tenantId: string, userId: string): Promise<InProgress> => {
  const [investments, open] = await Promise.all([investmentsOfInvestor(tenantId, userId), notices(tenantId, userId)]);
  const openBySubscription = new Map<string, NoticeRecord>();
  for (const n of open) {
    if ((n.state === 'OUTSTANDING' || n.state === 'FUNDS_RECEIVED') && !openBySubscription.has(n.subscriptionId)) {
      openBySubscription.set(n.subscriptionId, n);
    }
  }
  return {
    items: investments
      .filter(
        (i) =>
          dec(i.balances.undrawn).gt(0) ||
          dec(i.balances.outstanding).gt(0) ||
          openBySubscription.has(i.subscriptionId),
      )
      .map((i) => {
        const n = openBySubscription.get(i.subscriptionId);
        return {
          subscriptionId: i.subscriptionId,
          productId: i.productId,
          fund: i.fund,
          currency: i.currency,
          committed: i.balances.committed,
          called: i.balances.called,
          paidIn: i.balances.paidIn,
          outstanding: i.balances.outstanding,
          undrawn: i.balances.undrawn,
          ...(n ? { callId: n.callId, noticeState: n.state, dueDate: n.dueDate } : {}),
        };
      }),
  };
};
