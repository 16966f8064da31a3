import type { Currency } from '@tranche/shared/currency';
import type { LedgerEntry } from '@tranche/shared/money/ledger';
import type {
  FileExport,
  InProgress,
  InvestorCall,
  Transaction,
  TransactionsPageQuery,
} from '@tranche/shared/money/money.schema';
import { SPEC_TRANSACTION } from '@tranche/shared/money/money-enums';
import { db, tableName } from '#lib/db/client';
import { QueryCommand } from '#lib/db/commands';
import { decodeCursor, encodeCursor, invalidCursor } from '#lib/db/cursor';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { csvOf, type NoticeRecord, noticeOf } from './call.records.js';
import { entryOf, investmentsOfInvestor, ledgerOfInvestor } from './investment.reads.js';
import { minus, toMinor } from './minor.js';

/**
 * The investor's lists (spec paths /investor-calls, /transactions, /dashboard/get-subscription-in-progress):
 * their own notices and ledger entries (the session's user; nothing here takes an id), read and added
 * up in integer minor units (minor.ts), so these handlers carry no decimal library. The dashboard's
 * measures are in dashboard.service.ts.
 */

const positive = (amount: string, currency: Currency) => toMinor(amount, currency) > 0n;

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
  toMinor(n.paid, n.currency) >= toMinor(n.amount, n.currency)
    ? 'PAID'
    : positive(n.paid, n.currency)
      ? 'RECEIVED'
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
    outstanding: minus(n.amount, n.paid, n.currency),
    dueDate: n.dueDate,
    issuedAt: n.issuedAt,
    ...(n.purpose ? { purpose: n.purpose } : {}),
  })),
});

const transactionOf = (e: LedgerEntry & { fund: string }): Transaction => {
  const spec = SPEC_TRANSACTION[e.kind];
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

/** Every entry of the range (of one fund when `productId` is given), oldest first: the CSV export. */
export const transactions = async (
  tenantId: string,
  userId: string,
  range: { from?: string; to?: string; productId?: string },
): Promise<{ items: Transaction[] }> => {
  // A range that ends before it starts holds no entry (DynamoDB would refuse the BETWEEN).
  if (range.from && range.to && range.to < range.from) return { items: [] };
  // The export reads the investor's whole range anyway (one answer, no page to fill), so the fund is
  // picked here rather than by a filter on the index.
  const entries = await ledgerOfInvestor(tenantId, userId, range);
  return {
    items: (range.productId ? entries.filter((e) => e.productId === range.productId) : entries).map(transactionOf),
  };
};

/** The index attributes of a ledger entry: a page's position, sealed into its cursor. */
const INDEX_KEY = ['PK', 'SK', 'GSI1PK', 'GSI1SK'] as const;
/**
 * A filtered page's cursor also seals the fund it was read for (under this name), so it only opens
 * that fund's list: a cursor of the unfiltered list or of another fund is the invalid-cursor 400.
 */
const CURSOR_FUND = 'productId';
/**
 * The most index items one filtered page evaluates before it answers (ten reads of 100 for the web's
 * 50-entry page; an investor's whole ledger is thousands of entries at most). Each read evaluates
 * twice the page's room: a fund's entries are usually a good part of its investor's.
 */
const FILTERED_BUDGET = 1_000;

const pageCursor = (key: Record<string, unknown> | undefined, productId: string | undefined) =>
  encodeCursor(key && productId ? { ...key, [CURSOR_FUND]: productId } : key);

const openPageCursor = async (cursor: string | undefined, pk: string, productId: string | undefined) => {
  if (!productId) return decodeCursor(cursor, 'GSI1PK', pk, INDEX_KEY);
  const key = await decodeCursor(cursor, 'GSI1PK', pk, [...INDEX_KEY, CURSOR_FUND]);
  if (!key) return undefined;
  const { [CURSOR_FUND]: sealedFor, ...start } = key;
  if (sealedFor !== productId) throw invalidCursor();
  return start;
};

/**
 * One page of the investor's entries (GET /transactions): the investor's ledger index (GSI1, sorted
 * by effective date then entry) read from the cursor's position, `limit` entries (100 by default),
 * oldest or newest first. The cursor is the shared sealed kind, bound to this investor's index
 * partition (and to the fund, when filtered), so it opens no other list and no other investor's.
 *
 * With `productId`, a FilterExpression on the same index, read in a bounded loop that fills the page
 * (docs/money.md "Transactions by fund": why not a key per investor and fund): DynamoDB applies a
 * filter after `Limit`, so one read would answer short pages. The loop reads on until the page is
 * full or FILTERED_BUDGET items were evaluated; a page cut inside a read continues after its last
 * entry, a page that ran out of budget after the last item evaluated (it may then be short, even
 * empty, with a cursor: the client reads on while there is one).
 */
export const transactionsPage = async (
  tenantId: string,
  userId: string,
  query: TransactionsPageQuery,
): Promise<{ items: Transaction[]; nextCursor?: string }> => {
  const pk = keys.ledgerOfInvestorPk(tenantId, userId);
  const { productId } = query;
  const start = await openPageCursor(query.cursor, pk, productId);
  if (query.from && query.to && query.to < query.from) return { items: [] };
  const limit = query.limit ?? 100;
  const read = (exclusiveStartKey: Record<string, unknown> | undefined, count: number) =>
    db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to',
        ...(productId ? { FilterExpression: 'productId = :productId' } : {}),
        ExpressionAttributeValues: {
          ':pk': pk,
          ':from': query.from ?? '0000-00-00',
          ':to': `${query.to ?? '9999-99-99'}#~`,
          ...(productId ? { ':productId': productId } : {}),
        },
        ScanIndexForward: query.order !== 'desc',
        Limit: count,
        ExclusiveStartKey: exclusiveStartKey,
      }),
    );
  const found: Record<string, unknown>[] = [];
  let next: Record<string, unknown> | undefined;
  if (!productId) {
    const out = await read(start, limit);
    found.push(...(out.Items ?? []));
    next = out.LastEvaluatedKey;
  } else {
    let position: Record<string, unknown> | undefined = start;
    let evaluated = 0;
    do {
      const count = 2 * (limit - found.length);
      const out = await read(position, count);
      evaluated += out.ScannedCount ?? count;
      const items = out.Items ?? [];
      const room = limit - found.length;
      found.push(...items.slice(0, room));
      if (items.length > room) {
        // Cut inside this read: the next page starts after the last entry answered.
        const last = found[found.length - 1] as Record<string, unknown>;
        position = Object.fromEntries(INDEX_KEY.map((k) => [k, last[k]]));
        break;
      }
      position = out.LastEvaluatedKey;
    } while (position && found.length < limit && evaluated < FILTERED_BUDGET);
    next = position;
  }
  const items = found.map((item) => transactionOf({ ...entryOf(item), fund: String(item.fund ?? '') }));
  const nextCursor = await pageCursor(next, productId);
  return { items, ...(nextCursor ? { nextCursor } : {}) };
};

export const transactionsCsv = async (
  tenantId: string,
  userId: string,
  range: { from?: string; to?: string; productId?: string },
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
          positive(i.balances.undrawn, i.currency) ||
          positive(i.balances.outstanding, i.currency) ||
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
