/**
 * The money route figures of issue 14 through the local gateway (docs/money.md "Bench"):
 * (1) an investor's dashboard (GET /dashboard/statistics-subscription and /dashboard/nav-line-graph)
 * with 50 investments, each with its ledger and 5 years of monthly NAV of its share class: p99 <= 100 ms;
 * (2) one capital call allocated across 5,000 investors through POST /gp/capital-calls: median <= 2 s,
 * and the call's page reading it back whole (GET /gp/capital-calls/{callId}, 5,000 notices and names).
 * The data is written straight into the table (BatchWrite) as the services store it, with balances
 * from `balancesOf` and each investment's dashboard summary from `summaryCacheOf` (pattern 43d), so
 * the routes read exactly what a real ledger would give them.
 */
import { loadavg } from 'node:os';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { balancesOf, type LedgerEntry } from '@tranche/shared/money/ledger';
import { encodeSummary, navVersionOf, summaryCacheOf } from '@tranche/shared/money/summary-cache';
import type { StackInfo } from '../test/support/stack-info.js';
import { benchStack } from './stack.js';
import { ms, percentile } from './stats.js';

const INVESTMENTS = 50;
const MONTHS = 60;
const INVESTORS = 5_000;
const RUNS = Number(process.env.BENCH_MONEY_ROUTE_RUNS ?? 100);
const CALL_RUNS = Number(process.env.BENCH_MONEY_CALL_RUNS ?? 5);
/** Which figures to take: BENCH_MONEY_ROUTES=dashboard,call (both by default); add `issue` to issue the last call. */
const PARTS = new Set((process.env.BENCH_MONEY_ROUTES ?? 'dashboard,call').split(','));
/**
 * BENCH_MONEY_SUMMARIES=0 stores the investments without their #SUMMARY items (as investments stored
 * before them are), so the routes read every ledger and price list: the figure before the summaries.
 */
const SUMMARIES = process.env.BENCH_MONEY_SUMMARIES !== '0';
const monthEnd = (i: number) => new Date(Date.UTC(2021, i + 1, 0)).toISOString().slice(0, 10);

export const benchMoneyRoutes = async (
  info: StackInfo,
  doc: DynamoDBDocumentClient,
  row: (...cells: string[]) => void,
): Promise<void> => {
  const { keys, newId, createSession, cookies, table, tenant } = await benchStack(info);
  const { sessionCookieName, CSRF_COOKIE } = cookies;
  const lp = tenant.users.find((u) => u.role === 'LP');
  const gp = tenant.users.find((u) => u.role === 'GP_MEMBER');
  if (!lp || !gp) throw new Error('No investor or team member to bench money with');
  const lpId = lp.userId;
  const gpId = gp.userId;
  const at = new Date().toISOString();

  const write = async (items: Record<string, unknown>[]) => {
    for (let i = 0; i < items.length; i += 25) {
      await doc.send(
        new BatchWriteCommand({
          RequestItems: { [table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
        }),
      );
    }
  };
  const investmentItem = (
    subscriptionId: string,
    investorId: string,
    productId: string,
    shareClassId: string,
    entries: LedgerEntry[],
  ) => ({
    ...keys.investment(tenant.tenantId, subscriptionId),
    ...keys.investmentsOfInvestor(tenant.tenantId, investorId, at, subscriptionId),
    ...keys.investmentsOfProduct(tenant.tenantId, productId, shareClassId, subscriptionId),
    type: 'INVESTMENT',
    subscriptionId,
    investorId,
    productId,
    shareClassId,
    currency: 'USD',
    fundType: 'CLOSE_ENDED',
    accountKind: 'BANK',
    fund: `Bench fund ${productId.slice(-4)}`,
    openedAt: at,
    updatedAt: at,
    seq: entries.length,
    balances: balancesOf(entries, 'USD'),
  });

  const sessionOf = async (userId: string, role: 'LP' | 'GP_MEMBER' | 'GP_ADMIN' | 'GP_OWNER') => {
    const issued = await createSession({ tenantId: tenant.tenantId, tenantPrefix: tenant.prefix, userId, role });
    return {
      cookie: `${sessionCookieName(tenant.prefix)}=${issued.accessToken}; ${CSRF_COOKIE}=${issued.csrfToken}`,
      csrf: issued.csrfToken,
    };
  };
  if (PARTS.has('dashboard')) await benchDashboard();
  if (PARTS.has('call')) await benchCall();

  // (1) 50 investments of the investor, each in a class of its own with 60 monthly NAVs; per
  // investment a commitment, a call and payment each quarter, a distribution every half year.
  async function benchDashboard() {
    const items: Record<string, unknown>[] = [];
    for (let n = 0; n < INVESTMENTS; n++) {
      const subscriptionId = newId();
      const productId = newId();
      const shareClassId = newId();
      const base = { investorId: lpId, subscriptionId, productId, shareClassId, currency: 'USD' as const };
      const entries: LedgerEntry[] = [];
      const add = (kind: LedgerEntry['kind'], amount: string, date: string, units?: string) =>
        entries.push({
          ...base,
          id: newId(),
          seq: entries.length + 1,
          kind,
          amount,
          effectiveDate: date,
          ...(units ? { units } : {}),
        });
      add('COMMITMENT', '1000000.00', monthEnd(0));
      for (let m = 0; m < MONTHS; m += 3) {
        add('CALL', '40000.00', monthEnd(m));
        add('PAYMENT', '40000.00', monthEnd(m), '4000.000000');
        if (m % 6 === 3) add('DISTRIBUTION_PAID', '5000.00', monthEnd(m));
      }
      items.push(investmentItem(subscriptionId, lpId, productId, shareClassId, entries));
      const prices = Array.from({ length: MONTHS }, (_, m) => ({
        navDate: monthEnd(m),
        navPerUnit: (10 + ((m * 7 + n) % 13) / 10).toFixed(6),
        postedAt: at,
      }));
      if (SUMMARIES) {
        // As investment.repo.ts stores it after the last append and NAV (pattern 43d).
        items.push({
          ...keys.investmentSummary(tenant.tenantId, subscriptionId),
          ...keys.summariesOfInvestor(tenant.tenantId, lpId, at, subscriptionId),
          type: 'INVESTMENT_SUMMARY',
          subscriptionId,
          investorId: lpId,
          productId,
          shareClassId,
          currency: 'USD',
          seq: entries.length,
          updatedAt: at,
          summary: encodeSummary(
            summaryCacheOf(
              entries,
              'USD',
              prices.map((p) => ({ date: p.navDate, navPerUnit: p.navPerUnit })),
            ),
          ),
          navKey: navVersionOf(prices),
        });
      }
      for (const e of entries) {
        items.push({
          ...keys.ledgerEntry(tenant.tenantId, subscriptionId, e.seq),
          ...keys.ledgerOfInvestor(tenant.tenantId, lpId, e.effectiveDate, subscriptionId, e.seq),
          type: 'LEDGER_ENTRY',
          fund: 'Bench fund',
          recordedAt: at,
          ...e,
        });
      }
      for (const price of prices) {
        items.push({
          ...keys.navPrice(tenant.tenantId, productId, shareClassId, price.navDate),
          type: 'NAV_PRICE',
          productId,
          shareClassId,
          ...price,
          approvedBy: gpId,
          preparedBy: gpId,
          correction: false,
        });
      }
    }
    await write(items);

    const lpCookie = (await sessionOf(lpId, 'LP')).cookie;
    const get = async (path: string) => {
      const res = await fetch(new URL(`/api${path}`, info.url), {
        headers: { 'x-tenant-prefix': tenant.prefix, cookie: lpCookie },
      });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      return res.json();
    };
    const timed = async (runs: number, call: () => Promise<unknown>) => {
      for (let i = 0; i < 5; i++) await call();
      const latencies: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        await call();
        latencies.push(performance.now() - t);
      }
      return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
    };
    const asOf = `asOf=${monthEnd(MONTHS - 1)}`;
    const stats = await timed(RUNS, () => get(`/dashboard/statistics-subscription?${asOf}`));
    const line = await timed(RUNS, () => get(`/dashboard/nav-line-graph?${asOf}`));
    const entriesPer = (items.length - INVESTMENTS * (MONTHS + (SUMMARIES ? 2 : 1))) / INVESTMENTS;
    for (const [name, figure] of [
      ['statistics-subscription', stats],
      ['nav-line-graph', line],
    ] as const) {
      row(
        `money route: /dashboard/${name}, ${INVESTMENTS} investments x ${MONTHS} NAVs p50 / p99`,
        `${ms(figure.p50)} / ${ms(figure.p99)}`,
        `${entriesPer} entries per investment, ${SUMMARIES ? 'summaries kept' : 'no summaries (ledger read)'}`,
        'p99 <= 100 ms',
        figure.p99 <= 100 ? 'ok' : 'OVER TARGET',
      );
    }
  }

  // (2) One call across 5,000 investors of the tenant's first fund, through the route.
  async function benchCall() {
    const productId = tenant.productIds[0] as string;
    const shareClassId = tenant.shareClassIds[0] as string;
    const holders: Record<string, unknown>[] = [];
    for (let i = 0; i < INVESTORS; i++) {
      const subscriptionId = newId();
      const entry: LedgerEntry = {
        id: newId(),
        seq: 1,
        kind: 'COMMITMENT',
        amount: `${100000 + ((i * 7919) % 900000)}.00`,
        currency: 'USD',
        investorId: newId(),
        subscriptionId,
        productId,
        shareClassId,
        effectiveDate: '2026-01-02',
      };
      holders.push(investmentItem(subscriptionId, entry.investorId, productId, shareClassId, [entry]));
    }
    await write(holders);
    const gpSession = await sessionOf(gpId, 'GP_MEMBER');
    const headers = {
      'x-tenant-prefix': tenant.prefix,
      'content-type': 'application/json',
      'x-csrf-token': gpSession.csrf,
      cookie: gpSession.cookie,
    };
    const times: number[] = [];
    const reads: number[] = [];
    let refused: string | undefined;
    let lastCallId: string | undefined;
    for (let i = 0; i < CALL_RUNS && !refused; i++) {
      let t = performance.now();
      // With an Idempotency-Key, as the web sends it: the answer is then kept in one item, which is
      // why a call of more than 500 parts is answered without its notices (call.records.ts).
      const res = await fetch(new URL('/api/gp/capital-calls', info.url), {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `bench-call-${newId()}` },
        body: JSON.stringify({ productId, currency: 'USD', basis: 'AMOUNT', investment: '10000000.00' }),
      });
      const elapsed = performance.now() - t;
      if (res.status !== 201) {
        refused = `${res.status} ${(await res.text()).slice(0, 120)}`;
        break;
      }
      times.push(elapsed);
      const { callId } = (await res.json()) as { callId: string };
      lastCallId = callId;
      // The call's page then reads it whole: 5,000 notices with the investors' names.
      t = performance.now();
      const page = await fetch(new URL(`/api/gp/capital-calls/${callId}`, info.url), { headers });
      const body = (await page.json()) as { notices?: unknown[] };
      if (page.status !== 200 || body.notices?.length !== INVESTORS) {
        refused = `GET ${page.status}, ${body.notices?.length ?? 0} notices`;
        break;
      }
      reads.push(performance.now() - t);
    }
    const median = percentile(times, 50);
    row(
      `money route: POST /gp/capital-calls across ${INVESTORS} investors, median`,
      refused && times.length === 0 ? `refused: ${refused}` : ms(median),
      `${times.length} calls, load average ${loadavg()[0]?.toFixed(1)}`,
      'median <= 2 s',
      refused && times.length === 0 ? 'FAILS' : median <= 2000 ? 'ok' : 'OVER TARGET',
    );
    row(
      `money route: GET /gp/capital-calls/{callId} with ${INVESTORS} notices, median`,
      refused && reads.length === 0 ? `refused: ${refused}` : ms(percentile(reads, 50)),
      `${reads.length} reads`,
      '-',
      refused ? 'FAILS' : '-',
    );
    // BENCH_MONEY_ROUTES=call,issue: the last call approved and issued by an admin, then the time until
    // the money worker has written every notice (pages of 500, CAPITAL_CALL_NOTICES_PAGED).
    if (PARTS.has('issue') && lastCallId) {
      await benchIssue(lastCallId).catch((error: Error) =>
        row(
          `money: issuing a call to ${INVESTORS} investors`,
          `refused: ${error.message.slice(0, 120)}`,
          '-',
          '-',
          'FAILS',
        ),
      );
    }
  }

  async function benchIssue(callId: string) {
    const admin = tenant.users.find((u) => u.role === 'GP_ADMIN' || u.role === 'GP_OWNER');
    if (!admin) throw new Error('No admin to approve and issue the bench call');
    const session = await sessionOf(admin.userId, admin.role as 'GP_ADMIN' | 'GP_OWNER');
    const headers = {
      'x-tenant-prefix': tenant.prefix,
      'content-type': 'application/json',
      'x-csrf-token': session.csrf,
      cookie: session.cookie,
    };
    const post = async (path: string, body: object) => {
      const res = await fetch(new URL(`/api/gp/capital-calls/${callId}${path}`, info.url), {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    };
    await post('/decision', { event: 'APPROVE' });
    const t = performance.now();
    await post('/issue', {});
    const issued = performance.now() - t;
    let written = 0;
    const limit = Date.now() + 20 * 60_000;
    while (written < INVESTORS && Date.now() < limit) {
      await new Promise((r) => setTimeout(r, 2000));
      const res = await fetch(new URL(`/api/gp/capital-calls/${callId}`, info.url), { headers });
      const body = (await res.json()) as { notices?: { state: string }[] };
      written = (body.notices ?? []).filter((n) => n.state !== 'DRAFT').length;
    }
    const all = performance.now() - t;
    row(
      `money: issuing a call to ${INVESTORS} investors, every notice written`,
      written === INVESTORS ? ms(all) : `${written} of ${INVESTORS} after ${ms(all)}`,
      `issue answered in ${ms(issued)}, load average ${loadavg()[0]?.toFixed(1)}`,
      '-',
      written === INVESTORS ? 'ok' : 'FAILS',
    );
  }
};
