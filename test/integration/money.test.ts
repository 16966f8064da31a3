import type { ErrorBody } from '@tranche/shared/errors/catalogue';
import type { InboxPage } from '@tranche/shared/inbox/inbox.schema';
import type {
  CapitalCall,
  ContractNote,
  DealingRun,
  Distribution,
  FileExport,
  InvestorCall,
  NavLine,
  Redemption,
  ShareClassNav,
  Statistics,
  Transaction,
} from '@tranche/shared/money/money.schema';
import type { GpProduct } from '@tranche/shared/product/product.schema';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { alpine, type Caller, type CallResult, call, signedIn, type Tenant, userOf } from '../support/api.js';
import { fundInput, shareClassInput } from '../support/fixtures.js';
import { scratchTenant } from '../support/scratch-tenant.js';

/**
 * Money end to end on the local stack (issue 14, docs/money.md "Storage and routes"): a capital call
 * split exactly, four eyes, issued into notices and the investor's task, paid in parts (currency and
 * over-payment refused, a replayed Idempotency-Key paying once), confirmed; NAV with four eyes and
 * the date ordering; the investor's transactions and dashboard from the stored ledger; another
 * tenant's call is 404; and random sequences of entries keep the stored balances equal to their
 * definitions. In a tenant of its own, so every list and sum is exact.
 */

const { openInvestment } = await import('../../functions/src/money/investment.service.js');
const { appendSteps, readInvestment, readLedger } = await import('../../functions/src/money/investment.repo.js');
const { commit } = await import('../../functions/src/_lib/db/commit.js');
const { newId } = await import('../../functions/src/_lib/ids.js');
const { balancesOf, payableOf } = await import('@tranche/shared/money/ledger');
const { put: putRedemption, readRedemption } = await import('../../functions/src/money/redemption.records.js');

const err = (r: CallResult) => r.body as ErrorBody;
const ok = <T>(res: CallResult<T>, status = 200): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};
const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
};

/** A fund made through the API with one share class per entry of `classes` (its first is the usual one). */
const newFund = async (over: Record<string, unknown>, classes: Record<string, unknown>[] = [{}]) => {
  const p = ok(
    await call<GpProduct>(admin, '/gp/products', {
      method: 'POST',
      body: fundInput({ name: { en: 'Dealing Test Fund' }, ...over }),
    }),
    201,
  );
  const ids: string[] = [];
  for (const c of classes) {
    ids.push(
      ok(
        await call<{ shareClassId: string }>(admin, `/gp/products/${p.productId}/share-classes`, {
          method: 'POST',
          body: shareClassInput(c),
        }),
        201,
      ).shareClassId,
    );
  }
  return { productId: p.productId, classIds: ids };
};

interface StoredSubscription {
  subscriptionId: string;
  productId: string;
  shareClassId: string;
  investorUserId: string;
  amount: string;
  fund: string;
  profileId?: string;
}

/** A subscription record as issue 13 stores it once countersigned (COMMITTED; its journey is that issue's test). */
const storeCommitted = async (sub: StoredSubscription, status: 'COMMITTED' | 'FULLY_INVESTED' = 'COMMITTED') => {
  const { subscriptionItem } = await import('../../functions/src/subscription/subscription.repo.js');
  const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const at = new Date().toISOString();
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: subscriptionItem(tenant.tenantId, {
        ...sub,
        type: 'COMMON_SUBSCRIPTION',
        status,
        version: 7,
        investorName: 'LP',
        currency: 'USD',
        createdAt: at,
        createdBy: sub.investorUserId,
        updatedAt: at,
        signatures: [],
        holdsCapacity: false,
      }),
    }),
  );
};

/**
 * A countersigned subscription (storeCommitted) and its SUBSCRIPTION_COUNTERSIGNED event, which the
 * money consumer turns into the investment: answered once the investment is there. Both commitment
 * tests start this way.
 */
const countersigned = async (sub: StoredSubscription, what: string) => {
  const { eventOf } = await import('../../functions/src/_lib/db/commit.js');
  await storeCommitted(sub);
  await commit(actorOf(tenant), {
    steps: [],
    events: [
      eventOf('SUBSCRIPTION_COUNTERSIGNED', sub.subscriptionId, {
        refId: sub.subscriptionId,
        event: 'COUNTERSIGN',
        from: 'APPROVED',
        to: 'COMMITTED',
      }),
    ],
    result: undefined,
  });
  return eventually(
    () => readInvestment(tenant.tenantId, sub.subscriptionId),
    (i) => i !== undefined,
    what,
  );
};

let tenant: Tenant;
let owner: Caller;
let admin: Caller;
let member: Caller;
let investor: Caller;
let productId: string;
let shareClassId: string;
/** DOMAIN.md's worked example: 1,000,000.00 over these commitments is 500,000.05 / 300,000.03 / 199,999.92. */
const subs = { lp: newId(), second: newId(), third: newId() };

const actorOf = (t: Tenant) => ({
  tenantId: t.tenantId,
  userId: 'TEST',
  requestId: `money-${newId()}`,
  at: new Date().toISOString(),
});

/**
 * An investment as the money consumer opens one at countersignature: in the file's fund, closed-ended,
 * paid by bank, committed on 2026-01-02, unless `more` says otherwise (`inFund` names another fund).
 */
const open = (
  subscriptionId: string,
  investorId: string,
  amount: string,
  more: Partial<Parameters<typeof openInvestment>[1]> = {},
) =>
  openInvestment(actorOf(tenant), {
    subscriptionId,
    investorId,
    productId,
    shareClassId,
    currency: 'USD',
    fundType: 'CLOSE_ENDED',
    accountKind: 'BANK',
    fund: 'Money Test Fund',
    amount,
    effectiveDate: '2026-01-02',
    ...more,
  });

/** `open`'s fields for the first class of a fund of `newFund`, named `name` on the investment. */
const inFund = (made: { productId: string; classIds: string[] }, name: string) => ({
  productId: made.productId,
  shareClassId: made.classIds[0]!,
  fund: name,
});

/** A capital call an admin creates from `body`, which the owner approves and issues: its creation answer. */
const issuedCall = async (body: Record<string, unknown>) => {
  const made = ok(await call<CapitalCall>(admin, '/gp/capital-calls', { method: 'POST', body }), 201);
  ok(await call(owner, `/gp/capital-calls/${made.callId}/decision`, { method: 'POST', body: { event: 'APPROVE' } }));
  ok(await call(owner, `/gp/capital-calls/${made.callId}/issue`, { method: 'POST', body: {} }));
  return made;
};

/** Moves a confirmed redemption's dealing date (to one the test's NAVs price), as stored, not through a route. */
const dealingOn = async (redemptionId: string, dealingDate: string) => {
  const confirmed = (await readRedemption(tenant.tenantId, redemptionId))!;
  await commit(actorOf(tenant), {
    steps: [
      putRedemption(tenant.tenantId, { ...confirmed, dealingDate, version: confirmed.version + 1 }, confirmed.version),
    ],
    events: [],
    result: undefined,
  });
};
/** The caller's inbox entries (the first page, newest first), those matching `q` when given. */
const inboxOf = async (caller: Caller, q?: string) =>
  ok(await call<InboxPage>(caller, '/user-center/get-in-box-message', q ? { query: { q } } : {})).items;
const getCall = (caller: Caller, callId: string) => call<CapitalCall>(caller, `/gp/capital-calls/${callId}`);
const navPath = () => `/gp/products/${productId}/share-classes/${shareClassId}/nav`;

beforeAll(async () => {
  tenant = await scratchTenant('money');
  [owner, admin, member, investor] = await Promise.all([
    signedIn(tenant, 'GP_OWNER'),
    signedIn(tenant, 'GP_ADMIN'),
    signedIn(tenant, 'GP_MEMBER'),
    signedIn(tenant, 'LP'),
  ]);
  const made = await newFund({ name: { en: 'Money Test Fund' } });
  productId = made.productId;
  shareClassId = made.classIds[0]!;
  await open(subs.lp, userOf(tenant, 'LP').userId, '5000000.00');
  await open(subs.second, newId(), '3000000.00');
  await open(subs.third, newId(), '1999999.00');
});

describe('a capital call', () => {
  let callId: string;

  it('is split exactly by largest remainder and waits for a second person', async () => {
    const created = ok(
      await call<CapitalCall>(admin, '/gp/capital-calls', {
        method: 'POST',
        body: { productId, currency: 'USD', basis: 'AMOUNT', investment: '1000000.00', purpose: 'First close' },
      }),
      201,
    );
    callId = created.callId;
    expect(created.state).toBe('DRAFT');
    const bySub = new Map(created.notices.map((n) => [n.subscriptionId, n.amount]));
    expect([bySub.get(subs.lp), bySub.get(subs.second), bySub.get(subs.third)]).toEqual([
      '500000.05',
      '300000.03',
      '199999.92',
    ]);
    expect(created.totals.amount).toBe('1000000.00');
    expect(created.allowedEvents).not.toContain('APPROVE');

    const own = await call(admin, `/gp/capital-calls/${callId}/decision`, {
      method: 'POST',
      body: { event: 'APPROVE' },
    });
    expect([own.status, err(own).code]).toEqual([403, 'capitalCallFourEyes']);
    const byMember = await call(member, `/gp/capital-calls/${callId}/decision`, {
      method: 'POST',
      body: { event: 'APPROVE' },
    });
    expect([byMember.status, err(byMember).code]).toEqual([403, 'FORBIDDEN']);
    const early = await call(owner, `/gp/capital-calls/${callId}/issue`, { method: 'POST', body: {} });
    expect([early.status, err(early).code]).toEqual([409, 'TRANSITION_NOT_ALLOWED']);
    const approved = ok(
      await call<CapitalCall>(owner, `/gp/capital-calls/${callId}/decision`, {
        method: 'POST',
        body: { event: 'APPROVE' },
      }),
    );
    expect([approved.state, approved.approvedBy]).toEqual(['APPROVED', userOf(tenant, 'GP_OWNER').userId]);
  });

  it('refuses a due date with less than 10 business days of notice, then issues notices and tasks', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const short = await call(owner, `/gp/capital-calls/${callId}/issue`, {
      method: 'POST',
      body: { dueDate: tomorrow },
    });
    expect([short.status, err(short).code, err(short).details?.field]).toEqual([
      422,
      'capitalCallNoticeTooShort',
      'dueDate',
    ]);
    const issued = ok(
      await call<CapitalCall>(owner, `/gp/capital-calls/${callId}/issue`, { method: 'POST', body: {} }),
    );
    expect(issued.state).toBe('ISSUED');
    expect(issued.specStatus).toBe('PENDING');
    // Ten business days: at least two weeks of calendar.
    expect(Date.parse(issued.dueDate as string) - Date.now()).toBeGreaterThan(13 * 86_400_000);

    const withNotices = await eventually(
      async () => ok(await getCall(admin, callId)),
      (c) => c.notices.every((n) => n.state === 'OUTSTANDING'),
      'the notices',
    );
    expect(withNotices.notices).toHaveLength(3);
    const calls = ok(await call<{ items: InvestorCall[] }>(investor, '/investor-calls'));
    expect(calls.items.map((c) => [c.callId, c.amount, c.state, c.specStatus])).toEqual([
      [callId, '500000.05', 'OUTSTANDING', 'PENDING'],
    ]);
    const task = await eventually(
      async () => (await inboxOf(investor)).find((m) => m.kind === 'CAPITAL_CALL_CLOSE_ENDED'),
      (m) => m !== undefined,
      'the capital call task',
    );
    expect(task?.title).toContain('USD 500,000.05');
  });

  it('records funds in the call currency, within what is outstanding, once per Idempotency-Key', async () => {
    const pay = (body: object, headers: Record<string, string> = {}) =>
      call<CapitalCall>(member, `/gp/capital-calls/${callId}/payments`, { method: 'POST', body, headers });
    const base = { subscriptionId: subs.lp, receivedOn: '2026-03-02' };
    const wrong = await pay({ ...base, amount: '100.00', currency: 'EUR' });
    expect([wrong.status, err(wrong).code, err(wrong).details?.field]).toEqual([
      422,
      'moneyCurrencyMismatch',
      'currency',
    ]);
    const over = await pay({ ...base, amount: '500000.06', currency: 'USD' });
    expect([over.status, err(over).code, err(over).details?.field]).toEqual([
      422,
      'paymentExceedsOutstanding',
      'amount',
    ]);
    const stranger = await pay({ ...base, subscriptionId: newId(), amount: '1.00', currency: 'USD' });
    expect([stranger.status, err(stranger).code]).toEqual([422, 'capitalCallInvestorNotInCall']);

    const part = ok(await pay({ ...base, amount: '200000.00', currency: 'USD' }));
    expect([part.state, part.paid]).toEqual(['PARTLY_PAID', '200000.00']);
    const early = await call(owner, `/gp/capital-calls/${callId}/receipts`, {
      method: 'POST',
      body: { subscriptionId: subs.lp },
    });
    expect([early.status, err(early).code]).toEqual([409, 'capitalCallOutstanding']);

    const key = { 'idempotency-key': `pay-${newId()}` };
    const rest = { ...base, amount: '300000.05', currency: 'USD' };
    const [first, replay] = [await pay(rest, key), await pay(rest, key)];
    expect(ok(first).paid).toBe('500000.05');
    expect(ok(replay).paid).toBe('500000.05');
    const ledger = await readLedger(tenant.tenantId, subs.lp);
    expect(ledger.filter((e) => e.kind === 'PAYMENT').map((e) => e.amount)).toEqual(['200000.00', '300000.05']);

    const confirmed = ok(
      await call<CapitalCall>(owner, `/gp/capital-calls/${callId}/receipts`, {
        method: 'POST',
        body: { subscriptionId: subs.lp },
      }),
    );
    expect(confirmed.notices.find((n) => n.subscriptionId === subs.lp)?.state).toBe('INVESTED');
    const paidMessage = await eventually(
      async () => (await inboxOf(investor)).find((m) => m.kind === 'FUNDS_RECEIVED'),
      (m) => m !== undefined,
      'the funds received message',
    );
    expect(paidMessage?.body).toContain('USD 500,000.05');
  });

  it('lists the investor ledger with the spec types and statuses, and as CSV', async () => {
    const { items } = ok(await call<{ items: Transaction[] }>(investor, '/transactions'));
    expect(items.map((t) => [t.kind, t.type ?? null, t.status ?? null, t.amount])).toEqual([
      ['COMMITMENT', null, null, '5000000.00'],
      ['PAYMENT', 'TRANSFER_FUNDS', 'RECEIVED', '200000.00'],
      ['PAYMENT', 'TRANSFER_FUNDS', 'RECEIVED', '300000.05'],
      ['CALL', 'TRANSFER_FUNDS', 'PENDING', '500000.05'],
    ]);
    const backwards = await call<{ items: Transaction[] }>(investor, '/transactions', {
      query: { from: '2026-02-01', to: '2026-01-01' },
    });
    expect(ok(backwards).items).toEqual([]);
    const march = ok(
      await call<{ items: Transaction[] }>(investor, '/transactions', {
        query: { from: '2026-03-01', to: '2026-03-31' },
      }),
    );
    expect(march.items.map((t) => t.amount)).toEqual(['200000.00', '300000.05']);
    const csv = ok(await call<FileExport>(investor, '/transactions/export'));
    expect(csv.content.split('\r\n')[0]).toBe(
      'Date,Fund,Investment,Type,Status,Amount,Currency,Units,Capital call,Reverses',
    );
    expect(csv.content).toContain('TRANSFER_FUNDS,RECEIVED,300000.05,USD');
    const notices = ok(await call<FileExport>(admin, `/gp/capital-calls/${callId}/notices/export`));
    expect(notices.content.trim().split('\r\n')).toHaveLength(5);
    expect(notices.content).toContain('Total,Money Test Fund,,,USD,,1000000.00,0.00,0.00,1000000.00,500000.05');
  });

  it('refuses a call over the undrawn commitment, naming the amount', async () => {
    const res = await call(admin, '/gp/capital-calls', {
      method: 'POST',
      body: { productId, currency: 'USD', basis: 'PERCENTAGE', percent: '95' },
    });
    expect([res.status, err(res).code, err(res).details?.field]).toEqual([422, 'capitalCallOverdraws', 'amount']);
    const basis = await call(admin, '/gp/capital-calls', {
      method: 'POST',
      body: { productId, currency: 'USD', basis: 'PERCENTAGE' },
    });
    expect([basis.status, err(basis).code, err(basis).details?.field]).toEqual([
      422,
      'capitalCallBasisInvalid',
      'percent',
    ]);
    const currency = await call(admin, '/gp/capital-calls', {
      method: 'POST',
      body: { productId, currency: 'EUR', basis: 'AMOUNT', investment: '10.00' },
    });
    expect([currency.status, err(currency).code]).toEqual([422, 'moneyCurrencyMismatch']);
  });

  it("is another tenant's 404", async () => {
    const outsider = await signedIn(alpine, 'GP_OWNER');
    const res = await getCall(outsider, callId);
    expect([res.status, err(res).code]).toEqual([404, 'capitalCallNotExists']);
    expect(JSON.stringify(res.body)).not.toContain(callId);
    const nav = await call(outsider, navPath());
    expect(nav.status).toBe(404);
  });
});

describe('NAV', () => {
  it('is posted by a second person, in date order unless marked a correction, and reaches the dashboard', async () => {
    ok(
      await call<ShareClassNav>(admin, navPath(), {
        method: 'POST',
        body: { navDate: '2026-03-31', navPerUnit: '1.1' },
      }),
      201,
    );
    const own = await call(admin, `${navPath()}/approve`, { method: 'POST' });
    expect([own.status, err(own).code]).toEqual([403, 'navFourEyes']);
    const posted = ok(await call<ShareClassNav>(owner, `${navPath()}/approve`, { method: 'POST' }));
    expect(posted.prices.map((p) => [p.navDate, p.navPerUnit])).toEqual([['2026-03-31', '1.100000']]);
    expect(posted.drafts).toEqual([]);

    const before = await call(admin, navPath(), {
      method: 'POST',
      body: { navDate: '2026-02-27', navPerUnit: '1.05' },
    });
    expect([before.status, err(before).code, err(before).details?.field]).toEqual([
      422,
      'navDateBeforeLast',
      'navDate',
    ]);
    const future = await call(admin, navPath(), { method: 'POST', body: { navDate: '2999-01-01', navPerUnit: '1' } });
    expect([future.status, err(future).code]).toEqual([422, 'navDateInFuture']);
    ok(
      await call(admin, navPath(), {
        method: 'POST',
        body: { navDate: '2026-02-27', navPerUnit: '1.05', correction: true },
      }),
      201,
    );
    ok(await call(owner, `${navPath()}/approve`, { method: 'POST' }));

    // The dashboard shows the NAVs once the money worker's navSummaries consumer has revalued the
    // investment's summary (docs/money.md "Dashboard summaries"): the line with both dates says it has.
    const line = await eventually(
      async () => ok(await call<NavLine>(investor, '/dashboard/nav-line-graph')),
      (l) => l.series[0]?.points.length === 2,
      'both NAVs on the dashboard',
    );
    // 500,000.05 paid on 2026-03-02 bought 500,000.05 units at 1 (no NAV then); at 1.1 they are worth 550,000.06.
    const stats = ok(await call<Statistics>(investor, '/dashboard/statistics-subscription'));
    const mine = stats.investments.find((i) => i.subscriptionId === subs.lp);
    expect(mine).toMatchObject({
      committed: '5000000.00',
      called: '500000.05',
      paidIn: '500000.05',
      invested: '500000.05',
      undrawn: '4499999.95',
      units: '500000.05',
      nav: '550000.06',
      navDate: '2026-03-31',
    });
    expect(mine?.tvpi).toEqual({ available: true, value: '1.1000' });
    expect(mine?.dpi).toEqual({ available: true, value: '0.0000' });
    expect(mine?.xirr.available).toBe(true);
    expect(stats.totals).toHaveLength(1);

    expect(line.series[0]?.points).toEqual([
      { date: '2026-02-27', nav: '0.00' },
      { date: '2026-03-31', nav: '550000.06' },
    ]);
    await eventually(
      async () => (await inboxOf(investor)).filter((m) => m.kind === 'NAV_UPDATED'),
      (m) => m.length >= 1,
      'the NAV update message',
    );
  });

  it('uploads NAVs from CSV, naming the line at fault', async () => {
    const bad = await call(admin, `/gp/products/${productId}/nav/upload`, {
      method: 'POST',
      body: { csv: `shareClassId,navDate,navPerUnit\n${shareClassId},2026-04-30,1.2\n${newId()},2026-04-30,1.2` },
    });
    expect([bad.status, err(bad).code, err(bad).details?.line, err(bad).details?.field]).toEqual([
      422,
      'navUploadInvalid',
      3,
      'shareClassId',
    ]);
    const good = ok(
      await call<{ drafts: unknown[] }>(admin, `/gp/products/${productId}/nav/upload`, {
        method: 'POST',
        body: { csv: `${shareClassId},2026-04-30,1.2\n${shareClassId},2026-05-29,1.25` },
      }),
    );
    expect(good.drafts).toHaveLength(2);
    const discarded = ok(await call<ShareClassNav>(member, `${navPath()}/draft`, { method: 'DELETE' }));
    expect(discarded.drafts).toEqual([]);
  });
});

describe('the dashboard summaries', () => {
  /**
   * The dashboard answers from each investment's #SUMMARY (pattern 43d), kept by every append and by
   * the navSummaries consumer: its answer must be the one computed from the entries and prices
   * (dashboard.service.ts with `fromLedger`), for today and for an as-of date before the last entry.
   */
  it('answers what the ledger gives, and shows a posted NAV once the consumer has run', async () => {
    const { statistics, navLineGraph } = await import('../../functions/src/money/dashboard.service.js');
    const { readSummary, repriceSteps } = await import('../../functions/src/money/investment.repo.js');
    const { readPrices } = await import('../../functions/src/money/nav.service.js');
    const { navVersionOf } = await import('@tranche/shared/money/summary-cache');
    const fund = await newFund({ name: { en: 'Summary Test Fund' } });
    const [pid, scid] = [fund.productId, fund.classIds[0]!];
    const lpId = userOf(tenant, 'LP').userId;
    const sid = newId();
    await open(sid, lpId, '100000.00', inFund(fund, 'Summary Test Fund'));
    const append = (drafts: Parameters<typeof appendSteps>[4]) =>
      commit(actorOf(tenant), async () => {
        const inv = (await readInvestment(tenant.tenantId, sid))!;
        const ledger = await readLedger(tenant.tenantId, sid);
        return {
          steps: appendSteps(tenant.tenantId, actorOf(tenant).at, inv, ledger, drafts).steps,
          events: [],
          result: undefined,
        };
      });
    const nav = async (navDate: string, navPerUnit: string) => {
      const path = `/gp/products/${pid}/share-classes/${scid}/nav`;
      ok(await call(admin, path, { method: 'POST', body: { navDate, navPerUnit } }), 201);
      ok(await call(owner, `${path}/approve`, { method: 'POST' }));
    };
    /** Until the consumer has valued the summary with the class's prices as they are now. */
    const revalued = async () => {
      const version = navVersionOf(await readPrices(tenant.tenantId, pid, scid));
      await eventually(
        () => readSummary(tenant.tenantId, sid),
        (s) => s?.navKey === version,
        'the summary revalued',
      );
    };

    await append([
      { kind: 'CALL', amount: '40000.00', effectiveDate: '2026-02-02' },
      { kind: 'PAYMENT', amount: '40000.00', units: '40000', effectiveDate: '2026-02-10' },
    ]);
    await nav('2026-03-31', '1.02');
    await append([{ kind: 'DISTRIBUTION_PAID', amount: '5000.00', effectiveDate: '2026-05-15' }]);
    await nav('2026-06-30', '1.05');
    await append([
      { kind: 'REDEMPTION_DEALT', amount: '1050.00', units: '1000', effectiveDate: '2026-06-30' },
      { kind: 'REDEMPTION_PAID', amount: '1050.00', effectiveDate: '2026-07-03' },
    ]);
    // A correction: the distribution reversed (its original's date) and posted again smaller.
    const distribution = (await readLedger(tenant.tenantId, sid)).find((e) => e.kind === 'DISTRIBUTION_PAID')!;
    await append([
      { kind: 'DISTRIBUTION_PAID', amount: '5000.00', effectiveDate: '2026-05-15', reverses: distribution.id },
      { kind: 'DISTRIBUTION_PAID', amount: '4000.00', effectiveDate: '2026-05-15' },
    ]);
    await revalued();
    const inv = (await readInvestment(tenant.tenantId, sid))!;
    // The summary is at the ledger's seq, so the route answers from it.
    expect([inv.seq, inv.summary?.through, inv.summary?.nav]).toEqual([
      8,
      '2026-07-03',
      { date: '2026-06-30', navPerUnit: '1.050000', value: '40950.00' },
    ]);

    const same = async () => {
      for (const asOf of [undefined, '2026-06-30']) {
        const query = asOf ? { asOf } : undefined;
        const stats = ok(await call<Statistics>(investor, '/dashboard/statistics-subscription', { query }));
        const line = ok(await call<NavLine>(investor, '/dashboard/nav-line-graph', { query }));
        expect(stats).toEqual(await statistics(tenant.tenantId, lpId, stats.asOf, undefined, undefined, true));
        expect(line).toEqual(await navLineGraph(tenant.tenantId, lpId, line.asOf, undefined, undefined, true));
      }
    };
    await same();
    const mine = async () =>
      ok(await call<Statistics>(investor, '/dashboard/statistics-subscription')).investments.find(
        (i) => i.subscriptionId === sid,
      )!;
    expect(await mine()).toMatchObject({
      units: '39000',
      nav: '40950.00',
      navDate: '2026-06-30',
      distributed: '4000.00',
    });

    // A new NAV reaches the dashboard through the consumer: 39,000 units at 1.10.
    await nav('2026-09-30', '1.10');
    await eventually(mine, (m) => m.navDate === '2026-09-30', 'the new NAV on the dashboard');
    expect(await mine()).toMatchObject({ nav: '42900.00' });
    await revalued();
    await same();

    // A late event's older prices are never written over newer ones.
    const current = (await readInvestment(tenant.tenantId, sid))!;
    const older = [{ date: '2026-03-31', navPerUnit: '1.020000' }];
    const kept = await readSummary(tenant.tenantId, sid);
    expect(
      repriceSteps(tenant.tenantId, current, kept, await readLedger(tenant.tenantId, sid), older, '2026-03-31#0'),
    ).toBeUndefined();
    const stale = repriceSteps(
      tenant.tenantId,
      current,
      undefined,
      await readLedger(tenant.tenantId, sid),
      older,
      '2026-03-31#0',
    )!;
    await expect(commit(actorOf(tenant), { steps: stale, events: [], result: undefined })).rejects.toMatchObject({
      code: 'VERSION_CONFLICT',
    });
    expect((await readSummary(tenant.tenantId, sid))?.summary).toEqual(kept?.summary);
  });
});

describe('the stored ledger', () => {
  const KINDS = ['CALL', 'PAYMENT', 'FEE', 'DISTRIBUTION_PAID', 'REDEMPTION_PAID'] as const;
  const cents = (s: string) => BigInt(s.replace('.', ''));

  it('keeps every stored balance equal to its definition after random sequences, reversals included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            kind: fc.constantFrom(...KINDS),
            cents: fc.integer({ min: 1, max: 10_000_000 }),
            reverseEarlier: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (steps) => {
          const subscriptionId = newId();
          await open(subscriptionId, newId(), '1000000.00');
          for (const step of steps) {
            await commit(actorOf(tenant), async () => {
              const inv = await readInvestment(tenant.tenantId, subscriptionId);
              const ledger = await readLedger(tenant.tenantId, subscriptionId);
              const reversible = ledger.filter(
                (e) => e.kind !== 'COMMITMENT' && !e.reverses && !ledger.some((r) => r.reverses === e.id),
              );
              const target = step.reverseEarlier ? reversible.at(-1) : undefined;
              const draft = target
                ? {
                    kind: target.kind,
                    amount: target.amount,
                    effectiveDate: target.effectiveDate,
                    reverses: target.id,
                    ...(target.units ? { units: target.units } : {}),
                  }
                : {
                    kind: step.kind,
                    amount: (step.cents / 100).toFixed(2),
                    effectiveDate: '2026-06-01',
                    ...(step.kind === 'PAYMENT' ? { units: '1.5' } : {}),
                  };
              const append = appendSteps(tenant.tenantId, new Date().toISOString(), inv!, ledger, [draft]);
              return { steps: append.steps, events: [], result: undefined };
            });
          }
          const stored = (await readInvestment(tenant.tenantId, subscriptionId))!;
          const entries = await readLedger(tenant.tenantId, subscriptionId);
          expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));
          expect(stored.seq).toBe(entries.length);
          expect(stored.balances).toEqual(balancesOf(entries, 'USD'));
          // The definitions, in integer cents, independent of balancesOf.
          const net = (kind: string) =>
            entries.filter((e) => e.kind === kind).reduce((a, e) => a + (e.reverses ? -1n : 1n) * cents(e.amount), 0n);
          expect(cents(stored.balances.paidIn)).toBe(net('PAYMENT'));
          expect(cents(stored.balances.invested)).toBe(net('PAYMENT') - net('FEE'));
          expect(cents(stored.balances.undrawn)).toBe(net('COMMITMENT') - net('CALL'));
          expect(cents(stored.balances.distributed)).toBe(net('DISTRIBUTION_PAID'));
          expect(cents(stored.balances.redeemed)).toBe(net('REDEMPTION_PAID'));
        },
      ),
      { numRuns: 6 },
    );
  });

  it('refuses to append on a sequence someone else moved', async () => {
    const subscriptionId = newId();
    await open(subscriptionId, newId(), '1000.00');
    const inv = (await readInvestment(tenant.tenantId, subscriptionId))!;
    const ledger = await readLedger(tenant.tenantId, subscriptionId);
    const draft = { kind: 'CALL' as const, amount: '10.00', effectiveDate: '2026-06-01' };
    const first = appendSteps(tenant.tenantId, new Date().toISOString(), inv, ledger, [draft]);
    const second = appendSteps(tenant.tenantId, new Date().toISOString(), inv, ledger, [draft]);
    await commit(actorOf(tenant), { steps: first.steps, events: [], result: undefined });
    await expect(commit(actorOf(tenant), { steps: second.steps, events: [], result: undefined })).rejects.toMatchObject(
      {
        code: 'VERSION_CONFLICT',
      },
    );
    expect((await readLedger(tenant.tenantId, subscriptionId)).map((e) => e.kind)).toEqual(['COMMITMENT', 'CALL']);
  });
});

describe('a redemption', () => {
  it('is requested within the holding, sent back for changes, amended by amount and confirmed', async () => {
    const request = (body: object) => call<Redemption>(investor, '/redemptions', { method: 'POST', body });
    const idle = newId();
    await open(idle, userOf(tenant, 'LP').userId, '100000.00');
    const nothing = await request({ subscriptionId: idle, units: '1' });
    expect([nothing.status, err(nothing).code]).toEqual([422, 'subscriptionIsNotInvested']);
    const foreign = await request({ subscriptionId: subs.second, units: '1' });
    expect([foreign.status, err(foreign).code]).toEqual([404, 'investmentNotExists']);
    const over = await request({ subscriptionId: subs.lp, units: '500000.060000' });
    expect([over.status, err(over).code, err(over).details?.field]).toEqual([422, 'redemptionOverHolding', 'units']);

    const made = ok(await request({ subscriptionId: subs.lp, units: '100000' }), 201);
    expect([made.state, made.units, made.full, made.estimatedValue]).toEqual([
      'REQUESTED',
      '100000.000000',
      false,
      '110000.00',
    ]);
    // Forward pricing: a dealing date at a period end at least 30 days away.
    expect(Date.parse(made.dealingDate) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    // What is already asked for is reserved: the rest of the holding is 400,000.05 units.
    const second = await request({ subscriptionId: subs.lp, units: '400000.06' });
    expect([second.status, err(second).details?.held]).toEqual([422, '400000.05']);

    const path = `/gp/redemptions/${made.redemptionId}/decision`;
    const bare = await call(admin, path, { method: 'POST', body: { event: 'REQUEST_CHANGES' } });
    expect([bare.status, err(bare).code]).toEqual([422, 'redemptionCommentRequired']);
    const sentBack = ok(
      await call<Redemption>(admin, path, {
        method: 'POST',
        body: { event: 'REQUEST_CHANGES', comment: 'Please redeem by amount' },
      }),
    );
    expect(sentBack.state).toBe('NEEDS_CHANGES');
    await eventually(
      async () => (await inboxOf(investor)).find((m) => m.kind === 'REDEMPTION_CHANGES_REQUIRED'),
      (m) => m !== undefined,
      'the amend task',
    );
    const amended = ok(
      await call<Redemption>(investor, `/redemptions/${made.redemptionId}/actions`, {
        method: 'POST',
        body: { event: 'AMEND', amount: '110000.00' },
      }),
    );
    expect([amended.state, amended.units, amended.amount]).toEqual(['REQUESTED', '100000.000000', '110000.00']);
    const confirmed = ok(await call<Redemption>(owner, path, { method: 'POST', body: { event: 'CONFIRM' } }));
    expect(confirmed.state).toBe('CONFIRMED');
    const again = await call(investor, `/redemptions/${made.redemptionId}/actions`, {
      method: 'POST',
      body: { event: 'WITHDRAW' },
    });
    expect([again.status, err(again).code]).toEqual([409, 'TRANSITION_NOT_ALLOWED']);

    const seen = ok(await call<Redemption>(investor, `/redemptions/${made.redemptionId}/submitted-redemption`));
    expect(seen.state).toBe('CONFIRMED');
    const outsider = await call(
      await signedIn(alpine, 'GP_OWNER'),
      `/redemptions/${made.redemptionId}/submitted-redemption`,
    );
    expect([outsider.status, err(outsider).code]).toEqual([404, 'redemptionNotExists']);
  });
});

describe('a countersigned subscription', () => {
  it('opens its commitment, and its status follows the call: outstanding, funds received, invested', async () => {
    const { getSubscriptionRecord } = await import('../../functions/src/subscription/subscription.repo.js');
    // A fund of its own, so the call is shared by this investment alone.
    const fund = await newFund({ name: { en: 'Status Fund' } });
    const classId = fund.classIds[0]!;
    const subscriptionId = newId();
    const opened = await countersigned(
      {
        subscriptionId,
        productId: fund.productId,
        shareClassId: classId,
        investorUserId: userOf(tenant, 'LP').userId,
        amount: '250000.00',
        fund: 'Status Fund',
      },
      'the commitment',
    );
    expect([opened!.balances.committed, opened!.shareClassId, opened!.fundType]).toEqual([
      '250000.00',
      classId,
      'CLOSE_ENDED',
    ]);
    const statusIs = (status: string) =>
      eventually(
        async () => (await getSubscriptionRecord(tenant.tenantId, subscriptionId))?.status,
        (s) => s === status,
        `the subscription ${status}`,
      );

    const made = await issuedCall({
      productId: fund.productId,
      currency: 'USD',
      basis: 'PERCENTAGE',
      percent: '10',
      managementFee: '500.00',
    });
    expect(made.notices.map((n) => [n.items.investment, n.items.managementFee, n.amount])).toEqual([
      ['25000.00', '500.00', '25500.00'],
    ]);
    await statusIs('CAPITAL_CALL_OUTSTANDING');
    ok(
      await call(member, `/gp/capital-calls/${made.callId}/payments`, {
        method: 'POST',
        body: { subscriptionId, amount: '25500.00', currency: 'USD', receivedOn: '2026-04-01' },
      }),
    );
    await statusIs('FUND_RECEIVED');
    ok(await call(owner, `/gp/capital-calls/${made.callId}/receipts`, { method: 'POST', body: { subscriptionId } }));
    await statusIs('INVESTED');
    const after = (await readInvestment(tenant.tenantId, subscriptionId))!;
    expect([after.balances.paidIn, after.balances.fees, after.balances.invested, after.balances.undrawn]).toEqual([
      '25500.00',
      '500.00',
      '25000.00',
      '224500.00',
    ]);
  });
});

// ---- Notices, currency, reversals (docs/money.md "Notices, currency, reversals")
type LedgerCorrection = import('@tranche/shared/money/money.schema').LedgerCorrection;
type InvestmentLedger = import('@tranche/shared/money/money.schema').InvestmentLedger;

describe('the dashboard in a display currency', () => {
  it('converts the totals and the portfolio NAV line beside the native figures, with the rate', async () => {
    const { Decimal } = await import('decimal.js');
    const current = ok(await call<{ revision: string }>(owner, '/currency-policy'));
    ok(
      await call(owner, '/currency-policy', {
        method: 'PUT',
        body: {
          baseCurrency: 'USD',
          currencies: ['USD', 'HKD'],
          rates: [{ currency: 'HKD', rate: '7.8125', asOf: '2026-04-01' }],
          revision: current.revision,
        },
      }),
    );
    const stats = ok(
      await call<Statistics>(investor, '/dashboard/statistics-subscription', { query: { currency: 'HKD' } }),
    );
    const usd = stats.totals.find((t) => t.currency === 'USD')!;
    const hkd = (amount: string) =>
      new Decimal(amount).mul('7.8125').toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2);
    expect(stats.display).toEqual({
      currency: 'HKD',
      rates: [{ from: 'USD', to: 'HKD', rate: '7.81250000', asOf: '2026-04-01' }],
      missingRates: [],
      converted: {
        committed: hkd(usd.committed),
        invested: hkd(usd.invested),
        undrawn: hkd(usd.undrawn),
        distributed: hkd(usd.distributed),
        redeemed: hkd(usd.redeemed),
        nav: hkd(usd.nav),
      },
    });
    // The native figures are untouched; without a currency the investor's own (USD) needs no rate.
    const own = ok(await call<Statistics>(investor, '/dashboard/statistics-subscription'));
    expect(own.totals).toEqual(stats.totals);
    expect(own.display).toMatchObject({ currency: 'USD', rates: [], missingRates: [] });
    expect(own.display.converted?.committed).toBe(usd.committed);

    const line = ok(await call<NavLine>(investor, '/dashboard/nav-line-graph', { query: { currency: 'HKD' } }));
    const last = line.display.converted?.at(-1);
    const lastDate = line.series
      .flatMap((s) => s.points.map((p) => p.date))
      .sort()
      .at(-1);
    const native = line.series.reduce((sum, s) => sum.add(s.points.at(-1)?.nav ?? '0'), new Decimal(0));
    expect(last).toEqual({ date: lastDate, nav: hkd(native.toFixed(2)) });

    const foreign = await call(investor, '/dashboard/statistics-subscription', { query: { currency: 'EUR' } });
    expect([foreign.status, err(foreign).code, err(foreign).details?.fields?.[0]?.field]).toEqual([
      422,
      'NotOfferedByTenant',
      'currency',
    ]);
  });
});

describe('a ledger correction', () => {
  it('reverses an entry and appends the corrected one, with four eyes when money moved', async () => {
    const sid = newId();
    const lp = userOf(tenant, 'LP').userId;
    await open(sid, lp, '100000.00');
    const correct = (caller: Caller, body: object, headers: Record<string, string> = {}) =>
      call<LedgerCorrection>(caller, `/gp/investments/${sid}/corrections`, { method: 'POST', body, headers });
    const decide = (caller: Caller, correctionId: string, event: string) =>
      call<LedgerCorrection>(caller, `/gp/ledger-corrections/${correctionId}/decision`, {
        method: 'POST',
        body: { event },
      });

    // A member's correction of the commitment waits for an admin; replayed, it is made once.
    const key = { 'idempotency-key': `fix-${newId()}` };
    const body = { seq: 1, reason: 'Commitment was 120k', corrected: { amount: '120000' } };
    const pending = ok(await correct(member, body, key), 201);
    expect(ok(await correct(member, body, key), 201).correctionId).toBe(pending.correctionId);
    expect(pending).toMatchObject({ state: 'PENDING', movesMoney: false, canDecide: false });
    expect((await decide(member, pending.correctionId, 'APPROVE')).status).toBe(403);
    const posted = ok(await decide(owner, pending.correctionId, 'APPROVE'));
    expect([posted.state, posted.postedSeqs]).toEqual(['POSTED', [2, 3]]);
    expect((await readInvestment(tenant.tenantId, sid))!.balances.committed).toBe('120000.00');
    const again = await decide(owner, pending.correctionId, 'APPROVE');
    expect([again.status, err(again).code]).toEqual([409, 'TRANSITION_NOT_ALLOWED']);

    // Entry 1 is reversed now, entry 2 is a reversal: neither can be corrected; 99 does not exist.
    for (const seq of [1, 2]) {
      const refused = await correct(admin, { seq, reason: 'again' });
      expect([refused.status, err(refused).code, err(refused).details?.field]).toEqual([
        422,
        'ledgerReversalInvalid',
        'seq',
      ]);
    }
    const missing = await correct(admin, { seq: 99, reason: 'none' });
    expect([missing.status, err(missing).code]).toEqual([404, 'ledgerEntryNotExists']);

    // Money that moved (a payment outside any call) needs a second person, whoever prepared it.
    const inv = (await readInvestment(tenant.tenantId, sid))!;
    const append = appendSteps(tenant.tenantId, new Date().toISOString(), inv, await readLedger(tenant.tenantId, sid), [
      { kind: 'PAYMENT', amount: '5000.00', effectiveDate: '2026-02-02' },
    ]);
    await commit(actorOf(tenant), { steps: append.steps, events: [], result: undefined });
    const payment = ok(
      await correct(admin, { seq: 4, reason: 'Paid 4,000, not 5,000', corrected: { amount: '4000.00' } }),
      201,
    );
    expect([payment.state, payment.movesMoney]).toEqual(['PENDING', true]);
    const self = await decide(admin, payment.correctionId, 'APPROVE');
    expect([self.status, err(self).code]).toEqual([403, 'ledgerCorrectionFourEyes']);
    ok(await decide(owner, payment.correctionId, 'APPROVE'));
    expect((await readInvestment(tenant.tenantId, sid))!.balances.paidIn).toBe('4000.00');

    // An admin's correction of a claim (no money moved) posts at once, without a corrected entry.
    const direct = ok(await correct(admin, { seq: 3, reason: 'No commitment after all' }), 201);
    expect(direct.state).toBe('POSTED');
    const ledger = ok(await call<InvestmentLedger>(admin, `/gp/investments/${sid}/ledger`));
    expect(ledger.investment.balances.committed).toBe('0.00');
    expect(ledger.entries.map((e) => [e.seq, e.kind, e.amount, e.reversed, e.reverses !== undefined])).toEqual([
      [1, 'COMMITMENT', '100000.00', true, false],
      [2, 'COMMITMENT', '100000.00', false, true],
      [3, 'COMMITMENT', '120000.00', true, false],
      [4, 'PAYMENT', '5000.00', true, false],
      [5, 'PAYMENT', '5000.00', false, true],
      [6, 'PAYMENT', '4000.00', false, false],
      [7, 'COMMITMENT', '120000.00', false, true],
    ]);
    // The investor's transactions show the reversal as negative; the rejected list stays apart.
    const tx = ok(await call<{ items: Transaction[] }>(investor, '/transactions')).items.filter(
      (t) => t.subscriptionId === sid && t.kind === 'PAYMENT',
    );
    expect(tx.map((t) => t.amount).sort()).toEqual(['-5000.00', '4000.00', '5000.00']);
    const list = ok(
      await call<{ items: LedgerCorrection[] }>(admin, '/gp/ledger-corrections', { query: { state: 'POSTED' } }),
    );
    expect(list.items.filter((c) => c.subscriptionId === sid)).toHaveLength(3);

    // A capital call's amount is corrected only once the payments against its notice are (this one is paid).
    const callEntry = (await readLedger(tenant.tenantId, subs.lp)).find((e) => e.kind === 'CALL')!;
    const ofCall = await call(admin, `/gp/investments/${subs.lp}/corrections`, {
      method: 'POST',
      body: { seq: callEntry.seq, reason: 'Wrong call' },
    });
    expect([ofCall.status, err(ofCall).code, err(ofCall).details?.field, err(ofCall).details?.callId]).toEqual([
      409,
      'callNoticeHasPayments',
      'seq',
      callEntry.callId,
    ]);
  });
});

describe("corrections of a capital call's entries", () => {
  it('move the notice and the call with the ledger: payments, their fees and the amount called', async () => {
    const fund = await newFund({ name: { en: 'Correction Test Fund' } });
    const [a, b] = [newId(), newId()];
    const lpId = userOf(tenant, 'LP').userId;
    // A's subscription record too, so its status follows the call (docs/money.md "A correction that undoes a payment").
    const { getSubscriptionRecord } = await import('../../functions/src/subscription/subscription.repo.js');
    await storeCommitted({
      subscriptionId: a,
      productId: fund.productId,
      shareClassId: fund.classIds[0]!,
      investorUserId: lpId,
      amount: '1000000.00',
      fund: 'Correction Test Fund',
    });
    const statusOfA = (status: string) =>
      eventually(
        async () => (await getSubscriptionRecord(tenant.tenantId, a))?.status,
        (s) => s === status,
        `A's subscription ${status}`,
      );
    /** The investor's inbox entries of `kind` about A, newest first. */
    const inboxOfA = async (kind: string) =>
      (await inboxOf(investor, 'Correction Test Fund')).filter((m) => m.kind === kind && m.params.refId === a);
    await open(a, lpId, '1000000.00', inFund(fund, 'Correction Test Fund'));
    await open(b, newId(), '1000000.00', inFund(fund, 'Correction Test Fund'));
    // 100,000 invested and 10,000 of fee: 55,000.00 each, 5,000.00 of it fee.
    const created = await issuedCall({
      productId: fund.productId,
      currency: 'USD',
      basis: 'AMOUNT',
      investment: '100000.00',
      managementFee: '10000.00',
    });
    const callId = created.callId;
    await eventually(
      async () => ok(await getCall(admin, callId)),
      (c) => c.notices.every((n) => n.state === 'OUTSTANDING'),
      'the notices',
    );
    const pay = (subscriptionId: string, amount: string) =>
      call<CapitalCall>(member, `/gp/capital-calls/${callId}/payments`, {
        method: 'POST',
        body: { subscriptionId, amount, currency: 'USD', receivedOn: '2026-03-02' },
      });
    ok(await pay(a, '55000.00'));
    ok(await call(owner, `/gp/capital-calls/${callId}/receipts`, { method: 'POST', body: { subscriptionId: a } }));
    await statusOfA('INVESTED');
    // The payment closed A's call task.
    await eventually(
      () => inboxOfA('CAPITAL_CALL_CLOSE_ENDED'),
      (tasks) => tasks.length === 1 && tasks[0]?.task?.status === 'CLOSED',
      "A's call task closed",
    );
    expect(ok(await pay(b, '20000.00')).paid).toBe('75000.00');
    const correct = (caller: Caller, sid: string, body: object) =>
      call<LedgerCorrection>(caller, `/gp/investments/${sid}/corrections`, { method: 'POST', body });
    const decide = (caller: Caller, correctionId: string) =>
      call<LedgerCorrection>(caller, `/gp/ledger-corrections/${correctionId}/decision`, {
        method: 'POST',
        body: { event: 'APPROVE' },
      });
    const noticeOf = async (sid: string) =>
      ok(await getCall(admin, callId)).notices.find((n) => n.subscriptionId === sid)!;
    const kinds = async (sid: string) =>
      (await readLedger(tenant.tenantId, sid)).map((e) => [e.seq, e.kind, e.amount, e.reverses !== undefined]);

    // A's payment was 50,000, not 55,000: money moved, so a second person approves it.
    const payment = ok(
      await correct(member, a, { seq: 3, reason: 'Bank shows 50,000', corrected: { amount: '50000.00' } }),
      201,
    );
    expect([payment.state, payment.movesMoney, payment.callId]).toEqual(['PENDING', true, callId]);
    expect(await noticeOf(a)).toMatchObject({ paid: '55000.00', state: 'INVESTED' });
    const self = await decide(member, payment.correctionId);
    expect(self.status).toBe(403);
    expect(ok(await decide(owner, payment.correctionId)).postedSeqs).toEqual([5, 6, 7, 8]);
    // The receipt confirmed on 55,000 is undone: the notice is part paid again, the call with it.
    expect(await noticeOf(a)).toMatchObject({ paid: '50000.00', outstanding: '5000.00', state: 'FUNDS_RECEIVED' });
    const afterA = ok(await getCall(admin, callId));
    expect([afterA.paid, afterA.state]).toEqual(['70000.00', 'PARTLY_PAID']);
    // The payment's fee is reversed with it and taken again on 50,000 (5,000 × 50/55).
    expect(await kinds(a)).toEqual([
      [1, 'COMMITMENT', '1000000.00', false],
      [2, 'CALL', '55000.00', false],
      [3, 'PAYMENT', '55000.00', false],
      [4, 'FEE', '5000.00', false],
      [5, 'PAYMENT', '55000.00', true],
      [6, 'FEE', '5000.00', true],
      [7, 'PAYMENT', '50000.00', false],
      [8, 'FEE', '4545.45', false],
    ]);
    expect((await readInvestment(tenant.tenantId, a))!.balances).toMatchObject({ paidIn: '50000.00', fees: '4545.45' });
    // The subscription steps back to funds received (REVERSE_RECEIPT, as the platform), and the call's
    // task opens again for the 5,000 owed, beside a message saying the payment was corrected.
    await statusOfA('FUND_RECEIVED');
    const reopened = await eventually(
      () => inboxOfA('CAPITAL_CALL_CLOSE_ENDED'),
      (tasks) => tasks.length === 2,
      "A's call task opened again",
    );
    expect([reopened[0]?.task?.status, reopened[0]?.title, reopened[1]?.task?.status]).toEqual([
      'OPEN',
      'Capital call: USD 5,000.00 for Correction Test Fund',
      'CLOSED',
    ]);
    const told = await eventually(
      () => inboxOfA('CAPITAL_CALL_PAYMENT_CORRECTED'),
      (messages) => messages.length === 1,
      'the payment corrected message',
    );
    expect(told[0]?.body).toContain('USD 5,000.00 is due again');

    // Bad input names its field, before anything is written.
    const over = await correct(member, a, { seq: 7, reason: 'x', corrected: { amount: '55000.01' } });
    expect([over.status, err(over).code, err(over).details?.field]).toEqual([
      422,
      'paymentExceedsOutstanding',
      'corrected.amount',
    ]);
    const fine = await correct(member, a, { seq: 7, reason: 'x', corrected: { amount: '1.001' } });
    expect([fine.status, err(fine).code]).toEqual([400, 'PARAMS_ERROR']);
    const paidCall = await correct(admin, a, { seq: 2, reason: 'x' });
    expect([paidCall.status, err(paidCall).code, err(paidCall).details?.field]).toEqual([
      409,
      'callNoticeHasPayments',
      'seq',
    ]);

    // B's part payment never arrived: reversed, the notice is outstanding again.
    const gone = ok(await correct(admin, b, { seq: 3, reason: 'Returned by the bank' }), 201);
    ok(await decide(owner, gone.correctionId));
    expect(await noticeOf(b)).toMatchObject({ paid: '0.00', state: 'OUTSTANDING' });
    expect(ok(await getCall(admin, callId)).paid).toBe('50000.00');
    // Now B's call itself: 30,000 instead of 55,000 (an admin corrects a claim at once); never below its fee.
    const below = await correct(admin, b, { seq: 2, reason: 'x', corrected: { amount: '3000.00' } });
    expect([below.status, err(below).code, err(below).details?.field]).toEqual([
      422,
      'callCorrectionBelowFees',
      'corrected.amount',
    ]);
    const smaller = ok(
      await correct(admin, b, { seq: 2, reason: 'Called too much', corrected: { amount: '30000.00' } }),
      201,
    );
    expect(smaller.state).toBe('POSTED');
    expect(await noticeOf(b)).toMatchObject({
      amount: '30000.00',
      items: { investment: '25000.00', managementFee: '5000.00', expenses: '0.00' },
      state: 'OUTSTANDING',
    });
    const corrected = ok(await getCall(admin, callId));
    expect(corrected.totals).toEqual({
      investment: '75000.00',
      managementFee: '10000.00',
      expenses: '0.00',
      amount: '85000.00',
    });
    expect((await readInvestment(tenant.tenantId, b))!.balances).toMatchObject({ called: '30000.00', paidIn: '0.00' });

    // Paying what is left settles the call, and A's fees come to its 5,000 exactly.
    ok(await pay(a, '5000.00'));
    const settled = ok(await pay(b, '30000.00'));
    expect([settled.state, settled.paid]).toEqual(['PAID', '85000.00']);
    expect((await readInvestment(tenant.tenantId, a))!.balances).toMatchObject({ paidIn: '55000.00', fees: '5000.00' });
    // A's reopened task closes with the payment; confirmed again, the subscription is invested again.
    await eventually(
      () => inboxOfA('CAPITAL_CALL_CLOSE_ENDED'),
      (tasks) => tasks.every((t) => t.task?.status === 'CLOSED'),
      "A's reopened task closed",
    );
    expect((await getSubscriptionRecord(tenant.tenantId, a))?.status).toBe('FUND_RECEIVED');
    ok(await call(owner, `/gp/capital-calls/${callId}/receipts`, { method: 'POST', body: { subscriptionId: a } }));
    await statusOfA('INVESTED');
  });
});

describe("a fund's bank details", () => {
  it("are set by an admin, checked, shown on the investor's own notice and printed in its PDF", async () => {
    const { pdfText } = await import('../support/pdf-text.js');
    const fund = await newFund({ name: { en: 'Bank Details Fund' } });
    const path = `/gp/products/${fund.productId}/bank-details`;
    const eur = {
      currency: 'EUR',
      bankName: 'Alpine Bank AG',
      accountName: 'Bank Details Fund SCSp',
      iban: 'de89 3704 0044 0532 0130 00',
      swiftBic: 'COBADEFFXXX',
    };
    const usd = {
      currency: 'USD',
      bankName: 'Harbour Trust Company',
      accountName: 'Bank Details Fund LP',
      accountNumber: '000123456789',
      swiftBic: 'CHASUS33',
      routingNumber: '021000021',
      bankAddress: '383 Madison Avenue\nNew York, NY 10179',
    };
    expect(ok(await call(member, path))).toEqual({ productId: fund.productId, accounts: [], version: 0 });
    // Where investors send money is an admin's decision.
    expect((await call(member, path, { method: 'PUT', body: { accounts: [usd], version: 0 } })).status).toBe(403);
    const refused = async (accounts: object[], field: string) => {
      const res = await call(admin, path, { method: 'PUT', body: { accounts, version: 0 } });
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(err(res).details), field).toContain(field);
    };
    await refused([{ ...eur, iban: 'DE89 3704 0044 0532 0130 01' }], 'accounts.0.iban'); // check digits
    await refused([{ ...usd, iban: eur.iban }], 'accounts.0.iban'); // both IBAN and account number
    await refused([{ ...usd, swiftBic: 'CHASE' }], 'accounts.0.swiftBic');
    await refused([usd, { ...eur, currency: 'USD' }], 'accounts.1.currency');
    expect(ok(await call<{ version: number }>(member, path)).version).toBe(0); // nothing written by the refusals

    const saved = ok(
      await call<{ version: number; accounts: object[] }>(admin, path, {
        method: 'PUT',
        body: { accounts: [usd, eur], version: 0 },
      }),
    );
    expect(saved.version).toBe(1);
    expect(saved.accounts).toContainEqual({ ...eur, iban: 'DE89370400440532013000' });
    const stale = await call(owner, path, { method: 'PUT', body: { accounts: [usd], version: 0 } });
    expect([stale.status, err(stale).code]).toEqual([409, 'VERSION_CONFLICT']);
    const outsider = await signedIn(alpine, 'GP_OWNER');
    expect((await call(outsider, path)).status).toBe(404);
    const audit = ok(
      await call<{ items: { action: string; data: object }[] }>(admin, `/gp/products/${fund.productId}/audit`),
    );
    const change = audit.items.find((e) => e.action === 'FUND_BANK_DETAILS_UPDATED');
    expect(change?.data).toMatchObject({ currencies: ['USD', 'EUR'] });
    expect(JSON.stringify(change)).not.toContain('021000021'); // the trail names fields, never the details

    // A USD call: the investor's notice shows the USD account and the reference; the PDF prints them.
    const lp = userOf(tenant, 'LP');
    const [mine, theirs] = [newId(), newId()];
    await open(mine, lp.userId, '100000.00', inFund(fund, 'Bank Details Fund'));
    await open(theirs, newId(), '100000.00', inFund(fund, 'Bank Details Fund'));
    const made = await issuedCall({
      productId: fund.productId,
      currency: 'USD',
      basis: 'AMOUNT',
      investment: '20000.00',
    });
    const details = (sid: string, caller = investor) =>
      call<{ reference: string; outstanding: string; account?: object }>(
        caller,
        `/capital-call-notices/${made.callId}/${sid}/payment-details`,
      );
    const pay = ok(
      await eventually(
        () => details(mine),
        (r) => r.status === 200,
        'the notice and its payment details',
      ),
    );
    const reference = `CC-${made.callId.slice(-8)}-${mine.slice(-8)}`;
    expect(pay).toMatchObject({ reference, outstanding: '10000.00', currency: 'USD', account: usd });
    const foreign = await details(theirs);
    expect([foreign.status, err(foreign).code]).toEqual([404, 'capitalCallNotExists']);
    expect(ok(await details(theirs, member)).account).toEqual(usd);

    const link = await eventually(
      () => call<{ url: string }>(investor, `/capital-call-notices/${made.callId}/${mine}/pdf`),
      (r) => r.status !== 409,
      'the notice PDF',
    );
    const text = pdfText(new Uint8Array(await (await fetch(ok(link).url)).arrayBuffer()));
    for (const shown of [
      'Harbour Trust Company',
      'Bank Details Fund LP',
      '000123456789',
      'CHASUS33',
      '021000021',
      reference,
    ])
      expect(text, shown).toContain(shown);
    expect(text).not.toContain('Alpine Bank AG'); // the EUR account is not this call's
  });
});

describe('an IRA investment', () => {
  it('opens as IRA when the profile pays only through an IRA account, and its call opens the Instruct task', async () => {
    const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
    const { keys } = await import('../../functions/src/_lib/db/keys.js');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const fund = await newFund({ name: { en: 'IRA Fund' } });
    const classId = fund.classIds[0]!;
    const lp = userOf(tenant, 'LP');
    const profileId = newId();
    const subscriptionId = newId();
    const at = new Date().toISOString();
    // The profile's accounts as issue 11 stores them: an open IRA account in USD and a closed bank account.
    const bank = (bankId: string, kind: string, status: string) =>
      db.send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.profilePart(tenant.tenantId, profileId, `BANK#${bankId}`),
            type: 'PROFILE_BANK',
            profileId,
            bankId,
            kind,
            status,
            currency: 'USD',
            bankName: 'Custodian Bank',
            accountName: 'LP IRA',
            bankCountry: 'US',
            last4: '1234',
            updatedAt: at,
          },
        }),
      );
    await Promise.all([bank(newId(), 'IRA', 'OPEN'), bank(newId(), 'BANK', 'CLOSED')]);
    const opened = await countersigned(
      {
        subscriptionId,
        productId: fund.productId,
        shareClassId: classId,
        investorUserId: lp.userId,
        profileId,
        amount: '100000.00',
        fund: 'IRA Fund',
      },
      'the IRA commitment',
    );
    expect(opened!.accountKind).toBe('IRA');
    // Someone else's investment in the same fund: their notice is not the investor's to read. They read
    // Chinese, so their notice goes through the CJK worker (docs/money.md "Notice and contract note PDFs
    // in Chinese").
    const otherSid = newId();
    const otherInvestor = newId();
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.user(tenant.tenantId, otherInvestor), type: 'USER', displayName: '王芳', language: 'zh-CN' },
      }),
    );
    await open(otherSid, otherInvestor, '100000.00', inFund(fund, 'IRA Fund'));

    const made = await issuedCall({
      productId: fund.productId,
      currency: 'USD',
      basis: 'AMOUNT',
      investment: '10000.00',
    });
    const task = await eventually(
      async () => (await inboxOf(investor)).find((m) => m.kind === 'CAPITAL_CALL_IRA'),
      (m) => m !== undefined,
      'the IRA Instruct task',
    );
    expect(task).toBeDefined();

    // The notice as a PDF, rendered by the notice worker: a short-lived link for the investor's own.
    const pdfPath = (sid: string) => `/capital-call-notices/${made.callId}/${sid}/pdf`;
    const link = await eventually(
      () => call<{ url: string; fileName: string; expiresAt: string }>(investor, pdfPath(subscriptionId)),
      (r) => r.status !== 409,
      'the notice PDF',
    );
    expect(ok(link).fileName).toBe(`capital-call-notice-1-${made.callId}.pdf`);
    const pdf = await fetch(ok(link).url);
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const foreign = await call(investor, pdfPath(otherSid));
    expect([foreign.status, err(foreign).code]).toEqual([404, 'capitalCallNotExists']);
    const manager = await eventually(
      () => call<{ url: string }>(member, pdfPath(otherSid)),
      (r) => r.status !== 409,
      "the other investor's notice PDF",
    );
    expect(manager.status).toBe(200);
    const { pdftotext } = await import('../support/pdf-text.js');
    const chinese = await pdftotext(new Uint8Array(await (await fetch(ok(manager).url)).arrayBuffer()));
    for (const shown of ['资本催缴通知书', 'IRA Fund', '投资者 王芳', '付款方式'])
      expect(chinese, shown).toContain(shown);
  });
});

describe('dealing and distributions', () => {
  /**
   * docs/money.md "Dealing and distributions": a distribution split exactly, four eyes, declared then
   * paid with the investor's message; an open-ended fund whose gate prorates redemptions and carries
   * the rest to the next dealing date, finance paying the proceeds; an order dealt at the first NAV
   * after its cut-off with its subscription fee and contract note. In funds of their own, so every
   * split and gate is exact.
   */
  const lpId = () => userOf(tenant, 'LP').userId;
  const at = (iso: string) => ({ ...actorOf(tenant), at: iso });

  /** An open-ended position holding `units` (CALL + PAYMENT posted, so it is not a waiting order). */
  const holding = async (productId: string, shareClassId: string, investorId: string, units: string) => {
    const subscriptionId = newId();
    await open(subscriptionId, investorId, '100000.00', {
      productId,
      shareClassId,
      fundType: 'OPEN_ENDED',
      fund: 'Dealing Test Fund',
      effectiveDate: '2026-06-01',
    });
    await commit(actorOf(tenant), async () => {
      const inv = (await readInvestment(tenant.tenantId, subscriptionId))!;
      const ledger = await readLedger(tenant.tenantId, subscriptionId);
      const drafts = [
        { kind: 'CALL' as const, amount: '100000.00', effectiveDate: '2026-06-30' },
        { kind: 'PAYMENT' as const, amount: '100000.00', units, effectiveDate: '2026-06-30' },
      ];
      return {
        steps: appendSteps(tenant.tenantId, new Date().toISOString(), inv, ledger, drafts).steps,
        events: [],
        result: undefined,
      };
    });
    return subscriptionId;
  };

  const approveNavs = async (pid: string, scid: string, prices: [string, string][]) => {
    const path = `/gp/products/${pid}/share-classes/${scid}/nav`;
    for (const [navDate, navPerUnit] of prices) {
      ok(await call(member, path, { method: 'POST', body: { navDate, navPerUnit } }), 201);
    }
    ok(await call(owner, `${path}/approve`, { method: 'POST' }));
  };

  it('splits a distribution exactly, takes two people, declares then pays it and tells the investor', async () => {
    const fund = await newFund({});
    const [lp, second, third] = [newId(), newId(), newId()];
    const openIn = (subscriptionId: string, investorId: string, amount: string) =>
      open(subscriptionId, investorId, amount, inFund(fund, 'Dealing Test Fund'));
    await openIn(lp, lpId(), '5000000.00');
    await openIn(second, newId(), '3000000.00');
    await openIn(third, newId(), '1999999.00');
    const create = (body: object, headers: Record<string, string> = {}) =>
      call<Distribution>(member, '/gp/distributions', { method: 'POST', body, headers });
    const base = {
      productId: fund.productId,
      currency: 'USD',
      amount: '1000000.00',
      basis: 'COMMITMENT',
      recallable: true,
    };

    const nobody = await create({ ...base, currency: 'EUR' });
    expect([nobody.status, err(nobody).code, err(nobody).details?.field]).toEqual([
      422,
      'distributionNoHolders',
      'basis',
    ]);
    const finer = await create({ ...base, amount: '1.001' });
    expect([finer.status, err(finer).code]).toEqual([400, 'PARAMS_ERROR']);
    expect(JSON.stringify(err(finer).details)).toContain('body.amount');

    const key = { 'idempotency-key': `dist-${newId()}` };
    const made = ok(await create(base, key), 201);
    const replay = ok(await create(base, key), 201);
    expect(replay.distributionId).toBe(made.distributionId);
    const listed = ok(
      await call<{ items: Distribution[] }>(admin, '/gp/distributions', { query: { productId: fund.productId } }),
    );
    expect(listed.items.map((d) => d.distributionId)).toEqual([made.distributionId]);
    // DOMAIN.md's worked example, as a distribution.
    const byId = Object.fromEntries(made.parts.map((p) => [p.subscriptionId, p.amount]));
    expect([byId[lp], byId[second], byId[third]]).toEqual(['500000.05', '300000.03', '199999.92']);
    expect(made.state).toBe('DRAFT');

    const decide = (caller: Caller, id: string, event: string) =>
      call<Distribution>(caller, `/gp/distributions/${id}/decision`, { method: 'POST', body: { event } });
    const byMember = await decide(member, made.distributionId, 'APPROVE');
    expect(byMember.status).toBe(403);
    const own = ok(await create({ ...base, amount: '10.00' }, {}), 201);
    const ownByAdmin = ok(
      await call<Distribution>(admin, '/gp/distributions', { method: 'POST', body: { ...base, amount: '20.00' } }),
      201,
    );
    const fourEyes = await decide(admin, ownByAdmin.distributionId, 'APPROVE');
    expect([fourEyes.status, err(fourEyes).code]).toEqual([403, 'distributionFourEyes']);
    expect(ok(await decide(owner, own.distributionId, 'CANCEL')).state).toBe('CANCELLED');

    const approved = ok(await decide(admin, made.distributionId, 'APPROVE'));
    expect([approved.state, approved.approvedBy]).toEqual(['APPROVED', userOf(tenant, 'GP_ADMIN').userId]);
    const get = () => call<Distribution>(admin, `/gp/distributions/${made.distributionId}`).then((r) => ok(r));
    await eventually(get, (d) => d.posted.declared === 3, 'the declarations');
    const payKey = { 'idempotency-key': `dpay-${newId()}` };
    const pay = () =>
      call<Distribution>(owner, `/gp/distributions/${made.distributionId}/payment`, {
        method: 'POST',
        body: {},
        headers: payKey,
      });
    const paid = ok(await pay());
    expect(paid.state).toBe('PAID');
    expect(ok(await pay()).state).toBe('PAID');
    await eventually(get, (d) => d.posted.paid === 3, 'the payments');
    const again = await call(owner, `/gp/distributions/${made.distributionId}/payment`, { method: 'POST', body: {} });
    expect([again.status, err(again).code]).toEqual([409, 'TRANSITION_NOT_ALLOWED']);

    // Paid once (the replayed key did nothing), recallable: it restores the unfunded commitment.
    const entries = await readLedger(tenant.tenantId, lp);
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([
      ['COMMITMENT', '5000000.00'],
      ['DISTRIBUTION_DECLARED', '500000.05'],
      ['DISTRIBUTION_PAID', '500000.05'],
    ]);
    const stats = ok(await call<Statistics>(investor, '/dashboard/statistics-subscription'));
    const mine = stats.investments.find((i) => i.subscriptionId === lp)!;
    expect([mine.distributed, mine.undrawn]).toEqual(['500000.05', '5500000.05']);
    const tx = ok(await call<{ items: Transaction[] }>(investor, '/transactions')).items.filter(
      (t) => t.subscriptionId === lp && t.type,
    );
    expect(tx.map((t) => [t.type, t.status])).toEqual([
      ['DISTRIBUTION', 'PENDING'],
      ['DISTRIBUTED', 'DISTRIBUTED'],
    ]);
    await eventually(
      async () =>
        (await inboxOf(investor)).find((m) => m.kind === 'DISTRIBUTION_PAID' && m.title.includes('Dealing Test Fund')),
      (m) => m !== undefined,
      'the distribution message',
    );
    const outsider = await call(await signedIn(alpine, 'GP_OWNER'), `/gp/distributions/${made.distributionId}`);
    expect([outsider.status, err(outsider).code]).toEqual([404, 'distributionNotExists']);
  });

  it("keeps the fund's gate through a product update that sends it, and refuses one out of range naming it", async () => {
    const fund = await newFund({ fundType: 'OPEN_ENDED', dealingFrequency: 'MONTHLY', redemptionGatePercent: '25' });
    const path = `/gp/products/${fund.productId}`;
    const stored = ok(await call<GpProduct>(admin, path));
    expect(stored.redemptionGatePercent).toBe('25');
    // What the product form sends: the whole content (the PUT replaces it), the gate included.
    const content = fundInput({
      name: { en: 'Dealing Test Fund' },
      fundType: 'OPEN_ENDED',
      dealingFrequency: 'MONTHLY',
      redemptionGatePercent: '12.5',
    });
    const kept = ok(
      await call<GpProduct>(admin, path, { method: 'PUT', body: { ...content, version: stored.version } }),
    );
    expect(kept.redemptionGatePercent).toBe('12.5');
    expect(ok(await call<GpProduct>(admin, path)).redemptionGatePercent).toBe('12.5');

    for (const gate of ['0', '100.5', '-5', '25.125', 'twenty']) {
      const bad = await call(admin, path, {
        method: 'PUT',
        body: { ...content, redemptionGatePercent: gate, version: kept.version },
      });
      expect(bad.status, gate).toBe(400);
      expect(JSON.stringify(err(bad).details), gate).toContain('redemptionGatePercent');
    }
    // Nothing was written by the refusals.
    const after = ok(await call<GpProduct>(admin, path));
    expect([after.version, after.redemptionGatePercent]).toEqual([kept.version, '12.5']);

    // A PUT without it clears it (full replace, like every optional product field): no gate.
    const { redemptionGatePercent: _gate, ...withoutGate } = content;
    const cleared = ok(
      await call<GpProduct>(admin, path, { method: 'PUT', body: { ...withoutGate, version: kept.version } }),
    );
    expect(cleared.redemptionGatePercent).toBeUndefined();
  });

  it('gates redemptions at a dealing date, carries the rest forward, deals it next time and pays it', async () => {
    const bad = await call(admin, '/gp/products', {
      method: 'POST',
      body: fundInput({ fundType: 'OPEN_ENDED', dealingFrequency: 'MONTHLY', redemptionGatePercent: '150' }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(err(bad).details)).toContain('redemptionGatePercent');
    const fund = await newFund({ fundType: 'OPEN_ENDED', dealingFrequency: 'MONTHLY', redemptionGatePercent: '25' }, [
      { redemptionFee: { type: 'PERCENTAGE', display: 'FLAT', value: '1' } },
    ]);
    const [pid, scid] = [fund.productId, fund.classIds[0]!];
    const a = await holding(pid, scid, lpId(), '600');
    const b = await holding(pid, scid, newId(), '400');
    await approveNavs(pid, scid, [
      ['2026-09-30', '10.000000'],
      ['2026-10-31', '12.000000'],
    ]);
    const dealPath = `/gp/products/${pid}/share-classes/${scid}/dealing`;
    const run = (body: object, caller: Caller = admin, headers: Record<string, string> = {}) =>
      call<DealingRun>(caller, dealPath, { method: 'POST', body, headers });

    // The investor's request, confirmed; due at the first dealing date (as if its notice ran out then).
    const asked = ok(
      await call<Redemption>(investor, '/redemptions', { method: 'POST', body: { subscriptionId: a, units: '300' } }),
      201,
    );
    ok(
      await call(owner, `/gp/redemptions/${asked.redemptionId}/decision`, {
        method: 'POST',
        body: { event: 'CONFIRM' },
      }),
    );
    await dealingOn(asked.redemptionId, '2026-09-30');
    const confirmed = (await readRedemption(tenant.tenantId, asked.redemptionId))!;
    const stored = (id: string, subscriptionId: string, investorId: string, units: string) =>
      commit(actorOf(tenant), {
        steps: [
          putRedemption(
            tenant.tenantId,
            {
              ...confirmed,
              dealingDate: '2026-09-30',
              redemptionId: id,
              subscriptionId,
              investorId,
              units,
              full: false,
              requestedAt: new Date().toISOString(),
              version: 1,
            },
            undefined,
          ),
        ],
        events: [],
        result: undefined,
      });
    const bId = newId();
    await stored(bId, b, newId(), '100.000000');
    // A request over its holding refuses the whole run, writing nothing.
    const small = await holding(pid, scid, newId(), '10');
    const greedy = newId();
    await stored(greedy, small, newId(), '20.000000');
    const short = await run({ dealingDate: '2026-09-30' });
    expect([short.status, err(short).code, err(short).details?.field, err(short).details?.redemptionId]).toEqual([
      422,
      'INSUFFICIENT_BALANCE',
      'redemptionId',
      greedy,
    ]);
    const g = (await readRedemption(tenant.tenantId, greedy))!;
    await commit(actorOf(tenant), {
      steps: [putRedemption(tenant.tenantId, { ...g, state: 'REJECTED', version: 2 }, 1)],
      events: [],
      result: undefined,
    });

    const future = await run({ dealingDate: '2999-12-31' });
    expect([future.status, err(future).code, err(future).details?.field]).toEqual([
      422,
      'dealingDateInFuture',
      'dealingDate',
    ]);
    const noNav = await run({ dealingDate: '2026-08-31' });
    expect([noNav.status, err(noNav).code, err(noNav).details?.field]).toEqual([422, 'dealingNeedsNav', 'dealingDate']);
    const outsider = await run({ dealingDate: '2026-09-30' }, await signedIn(alpine, 'GP_OWNER'));
    expect([outsider.status, err(outsider).code]).toEqual([404, 'productIsNotExist']);

    // Units outstanding 1,010: the gate deals 252.5 of the 400 asked, pro rata; the rest waits.
    const key = { 'idempotency-key': `deal-${newId()}` };
    const first = ok(await run({ dealingDate: '2026-09-30' }, admin, key), 201);
    expect(ok(await run({ dealingDate: '2026-09-30' }, admin, key), 201).runId).toBe(first.runId);
    expect([first.gated, first.gatePercent, first.unitsOutstanding, first.gateUnits]).toEqual([
      true,
      '25',
      '1010.000000',
      '252.500000',
    ]);
    const fillOf = (r: DealingRun, id: string) => r.fills.find((f) => f.redemptionId === id)!;
    expect(fillOf(first, asked.redemptionId)).toMatchObject({
      asked: '300.000000',
      dealt: '189.375000',
      carried: '110.625000',
      gross: '1893.75',
      fee: '18.94',
      net: '1874.81',
      nextDealingDate: '2026-10-31',
    });
    expect(fillOf(first, bId)).toMatchObject({ dealt: '63.125000', carried: '36.875000' });
    const twice = await run({ dealingDate: '2026-09-30' });
    expect([twice.status, err(twice).code]).toEqual([409, 'dealingAlreadyRun']);

    const afterFirst = await eventually(
      () => readRedemption(tenant.tenantId, asked.redemptionId),
      (r) => r?.state === 'PARTLY_DEALT',
      'the first dealing',
    );
    expect([afterFirst!.dealtUnits, afterFirst!.proceeds, afterFirst!.dealingDate]).toEqual([
      '189.375000',
      '1874.81',
      '2026-10-31',
    ]);
    expect((await readInvestment(tenant.tenantId, a))!.balances.units).toBe('410.625');
    const early = await call(owner, `/gp/redemptions/${asked.redemptionId}/payment`, { method: 'POST', body: {} });
    expect([early.status, err(early).code]).toEqual([409, 'TRANSITION_NOT_ALLOWED']);

    // The carried requests rank with any new ones; at 25 % of 757.5 units they all fit now.
    await eventually(
      () => call<{ items: DealingRun[] }>(member, dealPath).then((r) => ok(r).items[0]!),
      (r) => r.posted === r.fills.length,
      'every fill posted',
    );
    const second = ok(await run({ dealingDate: '2026-10-31' }), 201);
    expect([second.gated, second.totals.dealt, second.totals.carried]).toEqual([false, '147.500000', '0.000000']);
    const dealt = await eventually(
      () => readRedemption(tenant.tenantId, asked.redemptionId),
      (r) => r?.state === 'DEALT',
      'the second dealing',
    );
    // 110.625 units at 12.00 = 1,327.50 less 1 % (13.28) = 1,314.22; with the first date's 1,874.81.
    expect([dealt!.dealtUnits, dealt!.proceeds]).toEqual(['300.000000', '3189.03']);

    const paid = ok(
      await call<Redemption>(owner, `/gp/redemptions/${asked.redemptionId}/payment`, {
        method: 'POST',
        body: { paidOn: '2026-11-02' },
        headers: { 'idempotency-key': `rpay-${newId()}` },
      }),
    );
    expect([paid.state, paid.paidOn]).toEqual(['PAID', '2026-11-02']);
    const entries = await readLedger(tenant.tenantId, a);
    expect(
      entries.filter((e) => e.kind.startsWith('REDEMPTION')).map((e) => [e.kind, e.amount, e.units ?? '']),
    ).toEqual([
      ['REDEMPTION_DEALT', '1874.81', '189.375000'],
      ['REDEMPTION_DEALT', '1314.22', '110.625000'],
      ['REDEMPTION_PAID', '3189.03', ''],
    ]);
    const stats = ok(await call<Statistics>(investor, '/dashboard/statistics-subscription'));
    expect(stats.investments.find((i) => i.subscriptionId === a)!.redeemed).toBe('3189.03');
    const foreign = await call(await signedIn(alpine, 'GP_OWNER'), `/gp/redemptions/${asked.redemptionId}/payment`, {
      method: 'POST',
      body: {},
    });
    expect([foreign.status, err(foreign).code]).toEqual([404, 'redemptionNotExists']);
  });

  /** docs/money.md "Corrections of distribution and redemption entries": the record moves with its entries. */
  const correctEntry = (caller: Caller, subscriptionId: string, body: object) =>
    call<LedgerCorrection>(caller, `/gp/investments/${subscriptionId}/corrections`, { method: 'POST', body });
  const decideCorrection = (caller: Caller, correctionId: string) =>
    call<LedgerCorrection>(caller, `/gp/ledger-corrections/${correctionId}/decision`, {
      method: 'POST',
      body: { event: 'APPROVE' },
    });
  const refusal = (r: CallResult<unknown>) => [r.status, err(r).code, err(r).details?.field];
  /** The investor's request for `units` of `sid`, confirmed and due on 30 September (as if its notice ran out then). */
  const confirmedDue = async (sid: string, units: string) => {
    const asked = ok(
      await call<Redemption>(investor, '/redemptions', { method: 'POST', body: { subscriptionId: sid, units } }),
      201,
    );
    const rid = asked.redemptionId;
    ok(await call(owner, `/gp/redemptions/${rid}/decision`, { method: 'POST', body: { event: 'CONFIRM' } }));
    await dealingOn(rid, '2026-09-30');
    return rid;
  };
  const dealSeptember = async (pid: string, scid: string, rid: string) => {
    ok(
      await call(admin, `/gp/products/${pid}/share-classes/${scid}/dealing`, {
        method: 'POST',
        body: { dealingDate: '2026-09-30' },
      }),
      201,
    );
    await eventually(
      () => readRedemption(tenant.tenantId, rid),
      (r) => r?.state === 'DEALT',
      'the dealing',
    );
  };

  it('follows a reversed distribution payment: the part is owed again, the distribution declared, then paid the rest', async () => {
    const fund = await newFund({});
    const [lp, other] = [newId(), newId()];
    const name = 'Dealing Test Fund';
    await open(lp, lpId(), '600000.00', inFund(fund, name));
    // The other part's holder is a real investor with an inbox, so the test can see they are told nothing.
    // Invited and activated (an investor who only signed up has no inbox yet).
    const { freshPassword, inviteAs, signedInAs } = await import('../support/identity.js');
    const invited = await inviteAs(owner, 'LP', 'dist');
    const password = freshPassword();
    const set = await call({ tenant }, '/invest/account/set-password', {
      method: 'POST',
      body: { token: invited.token, password },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const another = { userId: invited.userId, caller: await signedInAs(tenant, invited.email, password) };
    await open(other, another.userId, '400000.00', inFund(fund, name));
    const made = ok(
      await call<Distribution>(member, '/gp/distributions', {
        method: 'POST',
        body: { productId: fund.productId, currency: 'USD', amount: '1000.00', basis: 'COMMITMENT' },
      }),
      201,
    );
    const id = made.distributionId;
    const get = () => call<Distribution>(admin, `/gp/distributions/${id}`).then((r) => ok(r));
    ok(await call(admin, `/gp/distributions/${id}/decision`, { method: 'POST', body: { event: 'APPROVE' } }));
    await eventually(get, (d) => d.posted.declared === 2, 'the declarations');
    const pay = () => call<Distribution>(owner, `/gp/distributions/${id}/payment`, { method: 'POST', body: {} });
    ok(await pay());
    await eventually(get, (d) => d.posted.paid === 2, 'the payments');
    const entryOf = async (kind: string) => (await readLedger(tenant.tenantId, lp)).find((e) => e.kind === kind)!;
    const [declared, paidEntry] = [await entryOf('DISTRIBUTION_DECLARED'), await entryOf('DISTRIBUTION_PAID')];
    expect([declared.distributionId, paidEntry.distributionId]).toEqual([id, id]);
    expect((await get()).parts.find((p) => p.subscriptionId === lp)).toMatchObject({
      amount: '600.00',
      paid: '600.00',
    });

    // Never declared below what is paid, never paid above what is declared: refused when prepared.
    const below = await correctEntry(admin, lp, { seq: declared.seq, reason: 'x', corrected: { amount: '599.99' } });
    expect(refusal(below)).toEqual([422, 'distributionCorrectionBelowPaid', 'corrected.amount']);
    const over = await correctEntry(admin, lp, { seq: paidEntry.seq, reason: 'x', corrected: { amount: '600.01' } });
    expect(refusal(over)).toEqual([422, 'INSUFFICIENT_BALANCE', 'corrected.amount']);

    // The payment bounced: reversed by two people; the part is unpaid and the distribution declared.
    const prepared = ok(await correctEntry(admin, lp, { seq: paidEntry.seq, reason: 'Returned by the bank' }), 201);
    expect([prepared.state, prepared.distributionId]).toEqual(['PENDING', id]);
    expect(ok(await decideCorrection(owner, prepared.correctionId)).state).toBe('POSTED');
    const reversed = await get();
    expect([reversed.state, reversed.posted.paid, reversed.amount]).toEqual(['APPROVED', 1, '1000.00']);
    expect(reversed.parts.find((p) => p.subscriptionId === lp)!.paid).toBeUndefined();
    expect(reversed.parts.find((p) => p.subscriptionId === other)!.paid).toBe('400.00');
    expect((await readInvestment(tenant.tenantId, lp))!.balances.distributed).toBe('0.00');
    // The investor is told of the corrected part, about that position only (the other part did not move).
    const corrected = await eventually(
      async () =>
        (await inboxOf(investor, 'distribution corrected')).filter(
          (m) => m.kind === 'DISTRIBUTION_CORRECTED' && m.params.refId === lp,
        ),
      (messages) => messages.length > 0,
      'the distribution corrected message',
    );
    expect(corrected.map((m) => m.title)).toEqual([`Your distribution from ${name} was corrected`]);
    expect(corrected[0]?.body).toContain('Your part is now USD 600.00, of which USD 0.00 has been paid to you.');
    expect(corrected[0]?.action?.path).toBe(`/investments/${lp}`);
    // The other holder was told of the payment (their inbox works) and of no correction: their part did not move.
    const theirs = await eventually(
      () => inboxOf(another.caller),
      (messages) => messages.some((m) => m.kind === 'DISTRIBUTION_PAID'),
      "the other holder's distribution message",
    );
    expect(theirs.map((m) => [m.kind, m.params.refId])).toEqual([['DISTRIBUTION_PAID', other]]);

    // Recording the payment again pays only what is owed: the bounced part, not the other investor twice.
    expect(ok(await pay()).state).toBe('PAID');
    const repaid = await eventually(get, (d) => d.posted.paid === 2, 'the repayment');
    expect(Object.fromEntries(repaid.parts.map((p) => [p.subscriptionId, p.paid]))).toEqual({
      [lp]: '600.00',
      [other]: '400.00',
    });
    expect((await readLedger(tenant.tenantId, other)).filter((e) => e.kind === 'DISTRIBUTION_PAID')).toHaveLength(1);
    expect(
      (await readLedger(tenant.tenantId, lp))
        .filter((e) => e.kind === 'DISTRIBUTION_PAID')
        .map((e) => [e.amount, e.reverses !== undefined]),
    ).toEqual([
      ['600.00', false],
      ['600.00', true],
      ['600.00', false],
    ]);
    expect((await readInvestment(tenant.tenantId, lp))!.balances.distributed).toBe('600.00');
  });

  it("follows a dealt redemption's corrected units and a reversed payment; the payout check reads the corrected figures", async () => {
    const fund = await newFund({ fundType: 'OPEN_ENDED', dealingFrequency: 'MONTHLY' });
    const [pid, scid] = [fund.productId, fund.classIds[0]!];
    const sid = await holding(pid, scid, lpId(), '100');
    await approveNavs(pid, scid, [['2026-09-30', '10.000000']]);
    const rid = await confirmedDue(sid, '50');
    await dealSeptember(pid, scid, rid);
    const read = () => readRedemption(tenant.tenantId, rid);
    const dealtEntry = async () =>
      (await readLedger(tenant.tenantId, sid)).filter((e) => e.kind === 'REDEMPTION_DEALT' && !e.reverses).at(-1)!;
    const first = await dealtEntry();
    expect([first.redemptionId, first.units, first.amount]).toEqual([rid, '50.000000', '500.00']);

    const fix = (seq: number, corrected?: object) =>
      correctEntry(admin, sid, { seq, reason: 'Dealt wrongly', ...(corrected ? { corrected } : {}) });
    expect(refusal(await fix(first.seq, { amount: '600.00', units: '60' }))).toEqual([
      422,
      'redemptionCorrectionOverAsked',
      'corrected.units',
    ]);
    expect((await fix(first.seq, { amount: '500.00', effectiveDate: '2026-10-31' })).status).toBe(400);

    // The proceeds were 450.00 (a fee was missed): the request, its row and the payment follow.
    const fee = ok(await fix(first.seq, { amount: '450.00' }), 201);
    expect([fee.state, fee.redemptionId]).toEqual(['POSTED', rid]);
    const afterFee = (await read())!;
    expect([afterFee.state, afterFee.dealtUnits, afterFee.proceeds]).toEqual(['DEALT', '50.000000', '450.00']);
    expect(afterFee.dealings![0]).toMatchObject({ units: '50.000000', net: '450.00', gross: '450.00' });
    const paid = ok(
      await call<Redemption>(owner, `/gp/redemptions/${rid}/payment`, {
        method: 'POST',
        body: { paidOn: '2026-10-02' },
      }),
    );
    expect(paid.state).toBe('PAID');
    const payment = (await readLedger(tenant.tenantId, sid)).find((e) => e.kind === 'REDEMPTION_PAID')!;
    expect([payment.amount, payment.redemptionId]).toEqual(['450.00', rid]);

    // What was dealt is corrected only once the payment is; reversed, the request is dealt and unpaid.
    expect(refusal(await fix((await dealtEntry()).seq))).toEqual([409, 'redemptionHasPayment', 'seq']);
    const bounced = ok(await correctEntry(admin, sid, { seq: payment.seq, reason: 'Returned' }), 201);
    ok(await decideCorrection(owner, bounced.correctionId));
    const unpaid = (await read())!;
    expect([unpaid.state, unpaid.paidOn]).toEqual(['DEALT', undefined]);

    // Only 40 units dealt: partly dealt (the next run deals the other 10), the holding and the check follow.
    ok(await fix((await dealtEntry()).seq, { amount: '360.00', units: '40' }), 201);
    const partly = (await read())!;
    expect([partly.state, partly.dealtUnits, partly.proceeds]).toEqual(['PARTLY_DEALT', '40.000000', '360.00']);
    expect(partly.dealings![0]).toMatchObject({ units: '40.000000', net: '360.00' });
    expect((await readInvestment(tenant.tenantId, sid))!.balances.units).toBe('60');
    const early = await call(owner, `/gp/redemptions/${rid}/payment`, { method: 'POST', body: {} });
    expect([early.status, err(early).code]).toEqual([409, 'TRANSITION_NOT_ALLOWED']);
    expect(payableOf(await readLedger(tenant.tenantId, sid), 'USD').redemptionUnpaid).toBe('360.00');

    // Each correction told the investor what now stands, linking to the request.
    const told = await eventually(
      async () =>
        (await inboxOf(investor, 'redemption corrected Dealing Test Fund')).filter(
          (m) => m.kind === 'REDEMPTION_CORRECTED' && m.params.refId === rid,
        ),
      (messages) => messages.length === 3,
      'the three redemption corrected messages',
    );
    expect(told.map((m) => m.body.replace(/^.*It now stands at /, '')).sort()).toEqual([
      '40.000000 units dealt, for proceeds of USD 360.00.',
      '50.000000 units dealt, for proceeds of USD 450.00.',
      '50.000000 units dealt, for proceeds of USD 450.00.',
    ]);
    expect([told[0]?.title, told[0]?.action?.path]).toEqual([
      'Your redemption from Dealing Test Fund was corrected',
      `/redemptions/${rid}`,
    ]);
  });

  it('takes the subscription back from fully to partly redeemed, then pending, as corrections undo a full redemption', async () => {
    const { getSubscriptionRecord } = await import('../../functions/src/subscription/subscription.repo.js');
    const fund = await newFund({ fundType: 'OPEN_ENDED', dealingFrequency: 'MONTHLY' });
    const [pid, scid] = [fund.productId, fund.classIds[0]!];
    const sid = await holding(pid, scid, lpId(), '10');
    const sub = { subscriptionId: sid, productId: pid, shareClassId: scid, investorUserId: lpId() };
    await storeCommitted({ ...sub, amount: '100000.00', fund: 'Dealing Test Fund' }, 'FULLY_INVESTED');
    const status = (want: string) =>
      eventually(
        async () => (await getSubscriptionRecord(tenant.tenantId, sid))?.status,
        (s) => s === want,
        `the subscription ${want}`,
      );
    await approveNavs(pid, scid, [['2026-09-30', '10.000000']]);
    const rid = await confirmedDue(sid, '10');
    await status('REDEMPTION_PENDING');
    await dealSeptember(pid, scid, rid);
    await status('FULLY_REDEEMED');
    const dealt = () =>
      readLedger(tenant.tenantId, sid).then(
        (l) => l.filter((e) => e.kind === 'REDEMPTION_DEALT' && !e.reverses).at(-1)!,
      );
    ok(
      await correctEntry(admin, sid, {
        seq: (await dealt()).seq,
        reason: '4 units',
        corrected: { amount: '40.00', units: '4' },
      }),
      201,
    );
    expect((await readRedemption(tenant.tenantId, rid))!.state).toBe('PARTLY_DEALT');
    await status('PARTIALLY_REDEEMED');
    ok(await correctEntry(admin, sid, { seq: (await dealt()).seq, reason: 'Nothing dealt' }), 201);
    expect((await readRedemption(tenant.tenantId, rid))!.state).toBe('CONFIRMED');
    await status('REDEMPTION_PENDING');
  });

  it('deals an open-ended order at the first NAV on or after its cut-off, less its subscription fee', async () => {
    const fund = await newFund({ fundType: 'OPEN_ENDED', dealingFrequency: 'MONTHLY' }, [
      { subscriptionFee: { type: 'PERCENTAGE', display: 'FLAT', value: '2' } },
    ]);
    const [pid, scid] = [fund.productId, fund.classIds[0]!];
    const order = newId();
    // Accepted on 15 October: it deals at the first NAV dated 31 October or later, never at September's.
    await openInvestment(at('2026-10-15T09:00:00.000Z'), {
      subscriptionId: order,
      investorId: lpId(),
      productId: pid,
      shareClassId: scid,
      currency: 'USD',
      fundType: 'OPEN_ENDED',
      accountKind: 'BANK',
      fund: 'Dealing Test Fund',
      amount: '100000.00',
      effectiveDate: '2026-10-15',
    });
    await approveNavs(pid, scid, [['2026-09-30', '10.000000']]);
    await approveNavs(pid, scid, [
      ['2026-10-31', '12.500000'],
      ['2026-11-06', '13.000000'],
    ]);
    const notes = await eventually(
      async () =>
        ok(await call<{ items: ContractNote[] }>(investor, '/contract-notes')).items.filter(
          (n) => n.subscriptionId === order,
        ),
      (n) => n.length > 0,
      'the contract note',
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      orderDate: '2026-10-15',
      dealingDate: '2026-10-31',
      navDate: '2026-10-31',
      navPerUnit: '12.500000',
      gross: '100000.00',
      fee: '2000.00',
      feeType: 'PERCENTAGE',
      feeRate: '2',
      net: '98000.00',
      units: '7840.000000',
    });
    const inv = (await readInvestment(tenant.tenantId, order))!;
    expect([inv.balances.units, inv.balances.undrawn, inv.balances.fees, inv.balances.invested]).toEqual([
      '7840',
      '0.00',
      '2000.00',
      '98000.00',
    ]);
    const tx = ok(await call<{ items: Transaction[] }>(investor, '/transactions')).items.filter(
      (t) => t.subscriptionId === order && t.type,
    );
    expect(tx.map((t) => t.type)).toEqual(['TRANSFER_FUNDS', 'TRANSFER_FUNDS', 'SUBSCRIPTION_FEE']);
    const gp = ok(await call<{ items: ContractNote[] }>(member, `/gp/products/${pid}/contract-notes`));
    expect(gp.items.map((n) => n.contractNoteId)).toEqual([notes[0]!.contractNoteId]);
    const outsider = await call(await signedIn(alpine, 'GP_OWNER'), `/gp/products/${pid}/contract-notes`);
    expect(outsider.status).toBe(404);
  });

  it('runs each due dealing date on the daily schedule, once, as SYSTEM; a fund that cannot deal stops no other', async () => {
    const { stack } = await import('../support/api.js');
    const { requestRedemption } = await import('../../functions/src/money/redemption.service.js');
    const { decideRedemption } = await import('../../functions/src/money/redemption.records.js');
    const { readRun } = await import('../../functions/src/money/dealing.service.js');
    type Outcome = { tenantId: string; productId: string; outcome: string; dealingDate: string; code?: string };
    const schedule = async () => {
      const res = await fetch(new URL('/_local/schedules/moneyDealing/run', stack.url), { method: 'POST' });
      const body = (await res.json()) as { classes: Outcome[] };
      expect(res.status, JSON.stringify(body)).toBe(200);
      return (productId: string) =>
        body.classes.find((c) => c.tenantId === tenant.tenantId && c.productId === productId);
    };
    // Requested on 20 August through the service with the clock then: 30 days' notice makes 30 September
    // its dealing date, which has come; confirmed by an admin the next day.
    const requested = async (subscriptionId: string, units: string) => {
      const r = await requestRedemption(
        { ...at('2026-08-20T09:00:00.000Z'), userId: lpId() },
        { subscriptionId, units },
      );
      expect(r.dealingDate).toBe('2026-09-30');
      await decideRedemption(
        { ...at('2026-08-21T09:00:00.000Z'), userId: userOf(tenant, 'GP_ADMIN').userId },
        'GP_ADMIN',
        r.redemptionId,
        { event: 'CONFIRM' },
      );
      return r.redemptionId;
    };
    const openEnded = () =>
      newFund({ fundType: 'OPEN_ENDED', dealingFrequency: 'MONTHLY', redemptionGatePercent: '50' }).then((f) => ({
        pid: f.productId,
        scid: f.classIds[0]!,
      }));

    // Gated: 1,000 units outstanding, 800 asked, the gate deals 500 pro rata and carries 300 to 31 October.
    const gated = await openEnded();
    const first = await requested(await holding(gated.pid, gated.scid, lpId(), '600'), '500');
    const second = await requested(await holding(gated.pid, gated.scid, lpId(), '400'), '300');
    await approveNavs(gated.pid, gated.scid, [['2026-09-30', '10.000000']]);
    // No NAV of its dealing date yet: it waits.
    const unpriced = await openEnded();
    await requested(await holding(unpriced.pid, unpriced.scid, lpId(), '100'), '10');
    // Units left the holding after the request was confirmed: its run is refused whole.
    const short = await openEnded();
    const shortSub = await holding(short.pid, short.scid, lpId(), '10');
    await requested(shortSub, '10');
    await approveNavs(short.pid, short.scid, [['2026-09-30', '10.000000']]);
    await commit(actorOf(tenant), async () => {
      const inv = (await readInvestment(tenant.tenantId, shortSub))!;
      const ledger = await readLedger(tenant.tenantId, shortSub);
      const drafts = [{ kind: 'REDEMPTION_DEALT' as const, amount: '50.00', units: '5', effectiveDate: '2026-09-01' }];
      return {
        steps: appendSteps(tenant.tenantId, new Date().toISOString(), inv, ledger, drafts).steps,
        events: [],
        result: undefined,
      };
    });

    const outcome = await schedule();
    expect(outcome(short.pid)).toMatchObject({
      outcome: 'FAILED',
      code: 'INSUFFICIENT_BALANCE',
      dealingDate: '2026-09-30',
    });
    expect(outcome(unpriced.pid)).toMatchObject({
      outcome: 'WAITING',
      code: 'dealingNeedsNav',
      dealingDate: '2026-09-30',
    });
    expect(outcome(gated.pid)).toMatchObject({ outcome: 'RAN', dealingDate: '2026-09-30' });
    const run = (await readRun(tenant.tenantId, gated.pid, gated.scid, '2026-09-30'))!;
    expect([run.createdBy, run.gated, run.gateUnits, run.totals.dealt, run.totals.carried]).toEqual([
      'SYSTEM',
      true,
      '500.000000',
      '500.000000',
      '300.000000',
    ]);
    expect(run.fills.map((f) => [f.redemptionId, f.dealt, f.carried, f.nextDealingDate])).toEqual([
      [first, '312.500000', '187.500000', '2026-10-31'],
      [second, '187.500000', '112.500000', '2026-10-31'],
    ]);
    const dealt = await eventually(
      () => readRedemption(tenant.tenantId, first),
      (r) => r?.state === 'PARTLY_DEALT',
      'the scheduled run posted',
    );
    expect([dealt!.dealtUnits, dealt!.dealingDate]).toEqual(['312.500000', '2026-10-31']);

    // The next day (or a retried invocation): 30 September is not run again; 31 October has no NAV yet.
    const again = await schedule();
    expect(again(gated.pid)).toMatchObject({ outcome: 'WAITING', dealingDate: '2026-10-31' });
    const runs = ok(
      await call<{ items: DealingRun[] }>(member, `/gp/products/${gated.pid}/share-classes/${gated.scid}/dealing`),
    );
    expect(runs.items.map((r) => r.dealingDate)).toEqual(['2026-09-30']);
  });
});

describe('the transactions list', () => {
  it('pages /transactions with a sealed cursor, newest first, while the CSV still exports every entry', async () => {
    type Page = { items: Transaction[]; nextCursor?: string };
    // Three more commitments of the investor's, so there are pages whatever ran before.
    for (const amount of ['1000.00', '2000.00', '3000.00']) await open(newId(), userOf(tenant, 'LP').userId, amount);
    const all = ok(await call<Page>(investor, '/transactions', { query: { limit: '100' } }));
    expect(all.items.length).toBeGreaterThanOrEqual(4);
    const seen: Transaction[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 100; i++) {
      const page = ok(
        await call<Page>(investor, '/transactions', {
          query: { order: 'desc', limit: '2', ...(cursor ? { cursor } : {}) },
        }),
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen.map((t) => t.entryId)).toEqual([...all.items].reverse().map((t) => t.entryId));
    // A cursor this API did not hand out for this list is refused, naming the cursor.
    const calls = ok(await call<Page>(admin, '/gp/capital-calls', { query: { limit: '1' } }));
    for (const bad of ['not-a-cursor', calls.nextCursor ?? 'x']) {
      const res = await call(investor, '/transactions', { query: { cursor: bad } });
      expect([res.status, JSON.stringify(err(res).details)]).toEqual([400, expect.stringContaining('query.cursor')]);
    }
    const csv = ok(await call<FileExport>(investor, '/transactions/export'));
    expect(csv.content.trim().split('\r\n')).toHaveLength(all.items.length + 1);
  });

  it('filters by fund on the server: full pages across the filter, a cursor bound to the fund, the CSV too', async () => {
    type Page = { items: Transaction[]; nextCursor?: string };
    const lp = userOf(tenant, 'LP').userId;
    const second = { ...(await newFund({ name: { en: 'Second Money Fund' } })), name: 'Second Money Fund' };
    const theirs = { ...(await newFund({})), name: 'Someone Else’s Fund' };
    const first = { productId, classIds: [shareClassId], name: 'Money Test Fund' };
    const openIn = (fund: { productId: string; classIds: string[]; name: string }, investorId: string) =>
      openInvestment(actorOf(tenant), {
        subscriptionId: newId(),
        investorId,
        productId: fund.productId,
        shareClassId: fund.classIds[0]!,
        currency: 'USD',
        fundType: 'CLOSE_ENDED',
        accountKind: 'BANK',
        fund: fund.name,
        amount: '1000.00',
        effectiveDate: '2025-03-03',
      });
    // The second fund's entries between the first fund's on one date (the index sorts them by
    // investment id, made in this order), below every other entry of the investor's: newest first,
    // a filtered page has to read past the first fund's entries and skip between its own.
    for (const fund of [second, first, second, first, second]) {
      await openIn(fund, lp);
    }
    // A fund where only someone else holds an investment.
    await openIn(theirs, newId());
    const walk = async (query: Record<string, string>) => {
      const pages: Page[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 200; i++) {
        const page = ok(
          await call<Page>(investor, '/transactions', { query: { ...query, ...(cursor ? { cursor } : {}) } }),
        );
        pages.push(page);
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      return pages;
    };
    const all = (await walk({ order: 'desc', limit: '100' })).flatMap((p) => p.items);
    const ofFund = (pid: string) => all.filter((t) => t.productId === pid).map((t) => t.entryId);
    expect(ofFund(second.productId)).toHaveLength(3);

    for (const pid of [second.productId, productId]) {
      const pages = await walk({ order: 'desc', limit: '2', productId: pid });
      expect(pages.flatMap((p) => p.items).map((t) => t.entryId)).toEqual(ofFund(pid));
      // Full pages, not what a filter after Limit would leave: every page but the last holds two.
      expect(pages.slice(0, -1).map((p) => p.items.length)).toEqual(pages.slice(0, -1).map(() => 2));
    }
    const firstOfSecond = ok(
      await call<Page>(investor, '/transactions', {
        query: { order: 'desc', limit: '2', productId: second.productId },
      }),
    );
    expect(firstOfSecond.items.map((t) => t.fund)).toEqual(['Second Money Fund', 'Second Money Fund']);

    // A fund the investor holds nothing in: an empty page, not the other investor's entries.
    expect(ok(await call<Page>(investor, '/transactions', { query: { productId: theirs.productId } }))).toEqual({
      items: [],
    });
    // The cursor opens the same fund's list only: not another fund's, not the unfiltered list (nor back).
    const unfiltered = ok(await call<Page>(investor, '/transactions', { query: { limit: '1' } }));
    for (const [cursor, pid] of [
      [firstOfSecond.nextCursor, productId],
      [firstOfSecond.nextCursor, undefined],
      [unfiltered.nextCursor, second.productId],
    ] as const) {
      const res = await call(investor, '/transactions', {
        query: { limit: '2', cursor: cursor ?? 'x', ...(pid ? { productId: pid } : {}) },
      });
      expect([res.status, JSON.stringify(err(res).details)]).toEqual([400, expect.stringContaining('query.cursor')]);
    }
    // Not an id: 400 naming the parameter, on the list and on the export.
    for (const path of ['/transactions', '/transactions/export']) {
      const res = await call(investor, path, { query: { productId: 'not-a-fund' } });
      expect([res.status, JSON.stringify(err(res).details)]).toEqual([400, expect.stringContaining('query.productId')]);
    }
    // The CSV holds the fund's rows only.
    const csv = ok(
      await call<FileExport>(investor, '/transactions/export', { query: { productId: second.productId } }),
    );
    const rows = csv.content.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.includes('Second Money Fund'))).toBe(true);
  });
});

describe('a contract note PDF', () => {
  it("is rendered by the notice worker, states the deal, and opens for its investor and the team, not another's", async () => {
    const { pdfText } = await import('../support/pdf-text.js');
    const fund = await newFund({ fundType: 'OPEN_ENDED', dealingFrequency: 'MONTHLY' }, [
      { subscriptionFee: { type: 'PERCENTAGE', display: 'FLAT', value: '1' } },
    ]);
    const [pid, scid] = [fund.productId, fund.classIds[0]!];
    const order = newId();
    await openInvestment(
      { ...actorOf(tenant), at: '2026-09-10T09:00:00.000Z' },
      {
        subscriptionId: order,
        investorId: userOf(tenant, 'LP').userId,
        productId: pid,
        shareClassId: scid,
        currency: 'USD',
        fundType: 'OPEN_ENDED',
        accountKind: 'BANK',
        fund: 'Contract Note Fund',
        amount: '50000.00',
        effectiveDate: '2026-09-10',
      },
    );
    const nav = `/gp/products/${pid}/share-classes/${scid}/nav`;
    ok(await call(member, nav, { method: 'POST', body: { navDate: '2026-09-30', navPerUnit: '10.000000' } }), 201);
    ok(await call(owner, `${nav}/approve`, { method: 'POST' }));
    const note = await eventually(
      async () =>
        ok(await call<{ items: ContractNote[] }>(investor, '/contract-notes')).items.find(
          (n) => n.subscriptionId === order,
        ),
      (n) => n !== undefined,
      'the contract note',
    );
    const path = `/contract-notes/${order}/${note!.contractNoteId}/pdf`;
    const link = await eventually(
      () => call<{ url: string; fileName: string }>(investor, path),
      (r) => r.status !== 409,
      'the contract note PDF',
    );
    expect(ok(link).fileName).toBe(`contract-note-${note!.contractNoteId}.pdf`);
    const text = pdfText(new Uint8Array(await (await fetch(ok(link).url)).arrayBuffer()));
    for (const shown of [
      'Contract Note',
      'Contract Note Fund',
      note!.contractNoteId,
      '2026-09-30',
      'USD 10.000000',
      'USD 50,000.00',
      'Subscription fee (1%)',
      'USD 500.00',
      'USD 49,500.00',
      '4,950.000000',
    ])
      expect(text, shown).toContain(shown);
    // The team opens it too; another tenant's team and an unknown note are 404, like another investor's.
    expect(ok(await call<{ url: string }>(member, path)).url).toBeTruthy();
    const outsider = await call(await signedIn(alpine, 'GP_OWNER'), path);
    expect([outsider.status, err(outsider).code]).toEqual([404, 'contractNoteNotExists']);
    const unknown = await call(investor, `/contract-notes/${order}/${newId()}/pdf`);
    expect([unknown.status, err(unknown).code]).toEqual([404, 'contractNoteNotExists']);
  });
});

describe('the operator backfills', () => {
  it('give an old investment its summary and an old notice its PDF, through the operator route; a second run changes nothing', async () => {
    const { operator } = await import('../support/api.js');
    const { statistics } = await import('../../functions/src/money/dashboard.service.js');
    const { readSummary } = await import('../../functions/src/money/investment.repo.js');
    const { readPrices } = await import('../../functions/src/money/nav.service.js');
    const { navVersionOf } = await import('@tranche/shared/money/summary-cache');
    const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
    const { keys } = await import('../../functions/src/_lib/db/keys.js');
    const { DeleteCommand, QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    type Step = { examined: number; changed: number; skipped: number; nextCursor?: string };
    const ops = operator(tenant);
    /** Every step of a backfill in this tenant, as `npm run backfill` walks it. */
    const run = async (backfill: string) => {
      const total = { examined: 0, changed: 0, skipped: 0 };
      let cursor: string | undefined;
      do {
        const step = ok(
          await call<Step>(ops, `/backfills/${backfill}`, {
            method: 'POST',
            query: { tenant: tenant.prefix, ...(cursor ? { cursor } : {}) },
          }),
        );
        total.examined += step.examined;
        total.changed += step.changed;
        total.skipped += step.skipped;
        cursor = step.nextCursor;
      } while (cursor);
      return total;
    };

    // An investment with a NAV and an issued call (its notice rendered), written the way they are now.
    const fund = await newFund({ name: { en: 'Backfill Test Fund' } });
    const [pid, scid] = [fund.productId, fund.classIds[0]!];
    const lpId = userOf(tenant, 'LP').userId;
    const sid = newId();
    await openInvestment(actorOf(tenant), {
      subscriptionId: sid,
      investorId: lpId,
      productId: pid,
      shareClassId: scid,
      currency: 'USD',
      fundType: 'CLOSE_ENDED',
      accountKind: 'BANK',
      fund: 'Backfill Test Fund',
      amount: '200000.00',
      effectiveDate: '2026-01-05',
    });
    const nav = `/gp/products/${pid}/share-classes/${scid}/nav`;
    ok(await call(admin, nav, { method: 'POST', body: { navDate: '2026-03-31', navPerUnit: '1.05' } }), 201);
    ok(await call(owner, `${nav}/approve`, { method: 'POST' }));
    const version = navVersionOf(await readPrices(tenant.tenantId, pid, scid));
    await eventually(
      () => readSummary(tenant.tenantId, sid),
      (s) => s?.navKey === version,
      'the NAV consumer',
    );
    const { callId } = ok(
      await call<CapitalCall>(admin, '/gp/capital-calls', {
        method: 'POST',
        body: { productId: pid, currency: 'USD', basis: 'AMOUNT', investment: '50000.00', purpose: 'Backfill' },
      }),
      201,
    );
    ok(await call(owner, `/gp/capital-calls/${callId}/decision`, { method: 'POST', body: { event: 'APPROVE' } }));
    ok(await call(owner, `/gp/capital-calls/${callId}/issue`, { method: 'POST', body: {} }));
    const pdf = `/capital-call-notices/${callId}/${sid}/pdf`;
    await eventually(
      () => call(investor, pdf),
      (r) => r.status === 200,
      'the notice rendered at issue',
    );

    // Made old-style: stored before the summaries existed, issued before the notice worker existed.
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.investmentSummary(tenant.tenantId, sid) }));
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.noticePdf(tenant.tenantId, callId, sid) }));
    const notReady = await call(investor, pdf);
    expect([notReady.status, err(notReady).code]).toEqual([409, 'callNoticeNotReady']);
    const fromLedger = await statistics(tenant.tenantId, lpId, '2026-11-24', undefined, undefined, true);

    const summaries = await run('investment-summaries');
    expect(summaries.changed).toBeGreaterThanOrEqual(1);
    const inv = (await readInvestment(tenant.tenantId, sid))!;
    const kept = await readSummary(tenant.tenantId, sid);
    // At the ledger's seq and the class's prices: the dashboard answers from it, and as the ledger does.
    expect([kept?.seq, kept?.navKey, kept?.summary.nav]).toEqual([
      inv.seq,
      version,
      { date: '2026-03-31', navPerUnit: '1.050000', value: expect.any(String) },
    ]);
    const answered = ok(
      await call<Statistics>(investor, '/dashboard/statistics-subscription', { query: { asOf: '2026-11-24' } }),
    );
    expect(answered.investments.find((i) => i.subscriptionId === sid)).toEqual(
      fromLedger.investments.find((i) => i.subscriptionId === sid),
    );
    expect(answered).toEqual(await statistics(tenant.tenantId, lpId, answered.asOf, undefined, undefined, true));

    expect((await run('call-notice-pdfs')).changed).toBeGreaterThanOrEqual(1);
    await eventually(
      () => call(investor, pdf),
      (r) => r.status === 200,
      'the backfilled notice rendered',
    );

    // Again: nothing is missing, so nothing is written (the summary as it was, no second render asked).
    const requests = async () =>
      (
        await db.send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'PK = :pk AND begins_with(SK, :evt)',
            ExpressionAttributeValues: { ':pk': keys.capitalCallPk(tenant.tenantId, callId), ':evt': 'EVT#' },
          }),
        )
      ).Items?.filter((i) => i.action === 'CALL_NOTICE_PDF_REQUESTED' && i.data?.refId === sid).length;
    expect(await requests()).toBe(1);
    expect((await run('investment-summaries')).changed).toBe(0);
    await run('call-notice-pdfs');
    expect(await requests()).toBe(1);
    expect(await readSummary(tenant.tenantId, sid)).toEqual(kept);

    // Operator only; a cursor of another backfill continues nothing; an unknown tenant is 404 and an
    // unknown backfill names itself.
    const bySession = await call(owner, '/backfills/investment-summaries', {
      method: 'POST',
      query: { tenant: tenant.prefix },
    });
    expect(bySession.status).toBe(401);
    const first = ok(
      await call<Step>(ops, '/backfills/investment-summaries', {
        method: 'POST',
        query: { tenant: tenant.prefix },
      }),
    );
    const cursor = first.nextCursor ?? 'not-a-cursor';
    const foreign = await call(ops, '/backfills/call-notice-pdfs', {
      method: 'POST',
      query: { tenant: tenant.prefix, cursor },
    });
    expect([foreign.status, JSON.stringify(err(foreign).details)]).toEqual([
      400,
      expect.stringContaining('query.cursor'),
    ]);
    const nobody = await call(ops, '/backfills/investment-summaries', {
      method: 'POST',
      query: { tenant: `gone-${newId().slice(-6).toLowerCase()}` },
    });
    expect([nobody.status, err(nobody).code]).toEqual([404, 'TenantNotExist']);
    const unknown = await call(ops, '/backfills/everything', { method: 'POST', query: { tenant: tenant.prefix } });
    expect([unknown.status, JSON.stringify(err(unknown).details)]).toEqual([
      400,
      expect.stringContaining('params.backfill'),
    ]);
  });
});
