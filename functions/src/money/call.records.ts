import { gunzipSync, gzipSync } from 'node:zlib';
import type { Role } from '@tranche/shared/auth/roles';
import type { Currency } from '@tranche/shared/currency';
import type { CallComponent } from '@tranche/shared/money/allocation';
import {
  CAPITAL_CALL_LIFECYCLE,
  CAPITAL_CALL_SPEC_STATUS,
  type CapitalCallState,
} from '@tranche/shared/money/capital-call-state';
import type { CallNotice, CapitalCall, CapitalCallSummary, FileExport } from '@tranche/shared/money/money.schema';
import type { CallNoticeState } from '@tranche/shared/money/money-enums';
import type { Actor } from '#lib/audit';
import { db, tableName } from '#lib/db/client';
import { BatchGetCommand, GetCommand, QueryCommand } from '#lib/db/commands';
import type { Step } from '#lib/db/commit';
import { decodeCursor, encodeCursor } from '#lib/db/cursor';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';
import { readFund } from './fund.repo.js';
import { fromMinor, minus, toMinor } from './minor.js';
import { versionGuard } from './records.js';

/**
 * Capital calls as stored (keys.ts pattern 44) and as the manager reads them. Reading needs no
 * decimal library: amounts are stored with exactly their currency's minor digits, so sums and
 * differences are exact integer arithmetic in minor units (minor.ts); the decisions that allocate or
 * post to the ledger are in capital-call.service.ts.
 */

export type Items = Record<CallComponent, string>;

export interface AllocationRow {
  subscriptionId: string;
  investorId: string;
  commitment: string;
  items: Items;
  amount: string;
}

export interface CallRecord {
  callId: string;
  productId: string;
  fund: string;
  currency: Currency;
  state: CapitalCallState;
  basis: 'AMOUNT' | 'PERCENTAGE';
  percent?: string;
  totals: Items & { amount: string };
  paid: string;
  dueDate?: string;
  purpose?: string;
  preparedBy: string;
  approvedBy?: string;
  issuedAt?: string;
  createdAt: string;
  updatedAt: string;
  version: number;
  /** Every investor's part, decided when the call was prepared (the notices are written from it on issue). */
  allocation: AllocationRow[];
  excused: string[];
}

export interface NoticeRecord {
  callId: string;
  subscriptionId: string;
  investorId: string;
  productId: string;
  fund: string;
  currency: Currency;
  state: CallNoticeState;
  items: Items;
  amount: string;
  paid: string;
  /** FEE entries posted so far for this notice (fees are taken in proportion as money arrives). */
  feesPosted: string;
  commitment: string;
  dueDate: string;
  issuedAt: string;
  purpose?: string;
  version: number;
  confirmedAt?: string;
  confirmedBy?: string;
}

const CALL_FIELDS = [
  'callId',
  'productId',
  'fund',
  'currency',
  'state',
  'basis',
  'percent',
  'totals',
  'paid',
  'dueDate',
  'purpose',
  'preparedBy',
  'approvedBy',
  'issuedAt',
  'createdAt',
  'updatedAt',
  'version',
  'allocation',
  'excused',
] as const;

const pick = <T>(item: Record<string, unknown>, fields: readonly string[]): T => {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (item[f] !== undefined) out[f] = item[f];
  return out as T;
};

/**
 * A call's split lives on its #META item, which DynamoDB caps at 400 KB: ~200 bytes a row is 1 MB for
 * 5,000 investors (the bench). Past ALLOCATION_INLINE_ROWS it is stored gzipped (~45 bytes a
 * row: 220 KB for 5,000), so one item still holds the whole split and every write of the call stays
 * one conditional put. Reads see `allocation` either way.
 */
const ALLOCATION_INLINE_ROWS = 500;

const storedAllocation = (rows: readonly AllocationRow[]) =>
  rows.length <= ALLOCATION_INLINE_ROWS
    ? { allocation: rows }
    : { allocationGz: gzipSync(Buffer.from(JSON.stringify(rows), 'utf8')) };

export const callOf = (item: Record<string, unknown>): CallRecord => {
  const call = pick<CallRecord>(item, CALL_FIELDS);
  const packed = item.allocationGz;
  if (packed instanceof Uint8Array) {
    call.allocation = JSON.parse(gunzipSync(packed).toString('utf8')) as AllocationRow[];
  }
  return call;
};

const NOTICE_FIELDS = [
  'callId',
  'subscriptionId',
  'investorId',
  'productId',
  'fund',
  'currency',
  'state',
  'items',
  'amount',
  'paid',
  'feesPosted',
  'commitment',
  'dueDate',
  'issuedAt',
  'purpose',
  'version',
  'confirmedAt',
  'confirmedBy',
] as const;
export const noticeOf = (item: Record<string, unknown>): NoticeRecord => pick<NoticeRecord>(item, NOTICE_FIELDS);

// ---- Storage

export const readCall = async (tenantId: string, callId: string): Promise<CallRecord | undefined> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.capitalCall(tenantId, callId), ConsistentRead: true }),
  );
  return Item ? callOf(Item) : undefined;
};

export const callOr404 = async (tenantId: string, callId: string): Promise<CallRecord> => {
  const call = await readCall(tenantId, callId);
  if (!call) throw new DomainError('capitalCallNotExists');
  return call;
};

export const readNotice = async (
  tenantId: string,
  callId: string,
  subscriptionId: string,
): Promise<NoticeRecord | undefined> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.callNotice(tenantId, callId, subscriptionId),
      ConsistentRead: true,
    }),
  );
  return Item ? noticeOf(Item) : undefined;
};

export const readNotices = async (tenantId: string, callId: string): Promise<NoticeRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': keys.capitalCallPk(tenantId, callId), ':p': keys.callNoticePrefix },
      ConsistentRead: true,
    })
  ).map(noticeOf);

const withoutAllocation = ({ allocation: _rows, ...rest }: CallRecord) => rest;

export const putCall = (tenantId: string, next: CallRecord, seenVersion: number | undefined): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.capitalCall(tenantId, next.callId),
        ...keys.capitalCallsIndex(tenantId, next.createdAt, next.callId),
        type: 'CAPITAL_CALL',
        ...withoutAllocation(next),
        ...storedAllocation(next.allocation),
      },
      ...versionGuard(seenVersion),
    },
  },
});

export const putNotice = (tenantId: string, next: NoticeRecord, seenVersion: number | undefined): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.callNotice(tenantId, next.callId, next.subscriptionId),
        ...keys.callsOfInvestor(tenantId, next.investorId, next.issuedAt, next.callId),
        type: 'CALL_NOTICE',
        ...next,
      },
      ...versionGuard(seenVersion),
    },
  },
});

// ---- Views

export const summaryOf = (call: CallRecord): CapitalCallSummary => {
  const specStatus = CAPITAL_CALL_SPEC_STATUS[call.state];
  return {
    callId: call.callId,
    productId: call.productId,
    fund: call.fund,
    currency: call.currency,
    state: call.state,
    ...(specStatus ? { specStatus } : {}),
    basis: call.basis,
    ...(call.percent ? { percent: call.percent } : {}),
    totals: call.totals,
    paid: call.paid,
    ...(call.dueDate ? { dueDate: call.dueDate } : {}),
    ...(call.purpose ? { purpose: call.purpose } : {}),
    preparedBy: call.preparedBy,
    ...(call.approvedBy ? { approvedBy: call.approvedBy } : {}),
    ...(call.issuedAt ? { issuedAt: call.issuedAt } : {}),
    createdAt: call.createdAt,
    updatedAt: call.updatedAt,
    version: call.version,
    parts: call.allocation.length,
  };
};

/** Keys per BatchGetItem (DynamoDB's limit) and batches in flight at once. */
const NAMES_PER_BATCH = 100;
const NAME_BATCHES_AT_ONCE = 4;

/**
 * Investors' names for the manager's list (the user items' display name, else email, else the id).
 * One GetItem per investor was 5,000 requests at once for the bench call: the HTTP agent's 50
 * sockets queued them, and a request still waiting for a socket after the client's connection
 * timeout failed (TimeoutError, answered 503 SERVICE_UNAVAILABLE). BatchGetItem of 100 keys, a few
 * batches at a time, reads the same 5,000 names in 50 requests and never floods the agent.
 */
const names = async (tenantId: string, userIds: readonly string[]): Promise<Map<string, string>> => {
  const unique = [...new Set(userIds)];
  const found = new Map<string, string>();
  const table = tableName();
  const batches: string[][] = [];
  for (let i = 0; i < unique.length; i += NAMES_PER_BATCH) batches.push(unique.slice(i, i + NAMES_PER_BATCH));
  const readBatch = async (ids: string[]) => {
    let pending: Record<string, unknown>[] = ids.map((id) => keys.user(tenantId, id));
    for (let attempt = 0; pending.length > 0; attempt++) {
      // DynamoDB may leave keys unprocessed under load: asked again after a short, growing pause.
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(500, 25 * 2 ** attempt)));
      const out = await db.send(
        new BatchGetCommand({
          RequestItems: { [table]: { Keys: pending, ProjectionExpression: 'userId, displayName, email' } },
        }),
      );
      for (const item of out.Responses?.[table] ?? []) {
        const name = item.displayName || item.email;
        if (typeof item.userId === 'string' && name) found.set(item.userId, String(name));
      }
      pending = (out.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
    }
  };
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < batches.length; i = next++) await readBatch(batches[i] as string[]);
  };
  await Promise.all(Array.from({ length: Math.min(NAME_BATCHES_AT_ONCE, batches.length) }, worker));
  return new Map(unique.map((id) => [id, found.get(id) ?? id] as const));
};

export const paidInFull = (call: CallRecord, paid: string) =>
  toMinor(paid, call.currency) >= toMinor(call.totals.amount, call.currency);

/**
 * The most notices a write's answer carries (create, record a payment). Those answers are kept with
 * their Idempotency-Key in one item, which DynamoDB caps at 400 KB; a notice is ~270 bytes of JSON.
 * A larger call is answered without its notices (`noticesOmitted`), which also spares the write the
 * read of every notice and investor name; GET /gp/capital-calls/{callId} answers them all.
 */
export const NOTICES_IN_A_WRITE_ANSWER = 500;

const allowedEventsOf = (actor: Actor, role: Role, call: CallRecord) =>
  CAPITAL_CALL_LIFECYCLE.allowedEvents(call.state, role, {
    actorId: actor.userId,
    preparedBy: call.preparedBy,
    paidInFull: paidInFull(call, call.paid),
  });

/** A write's answer: the call with its notices when it has at most NOTICES_IN_A_WRITE_ANSWER of them. */
export const viewCallAfterWrite = async (
  tenantId: string,
  actor: Actor,
  role: Role,
  call: CallRecord,
): Promise<CapitalCall> =>
  call.allocation.length <= NOTICES_IN_A_WRITE_ANSWER
    ? viewCall(tenantId, actor, role, call)
    : { ...summaryOf(call), notices: [], noticesOmitted: true, allowedEvents: allowedEventsOf(actor, role, call) };

/** The call as the manager's screen shows it: every notice (DRAFT until written), what this user may do. */
export const viewCall = async (tenantId: string, actor: Actor, role: Role, call: CallRecord): Promise<CapitalCall> => {
  const notices = call.issuedAt ? await readNotices(tenantId, call.callId) : [];
  const byId = new Map(notices.map((n) => [n.subscriptionId, n] as const));
  const investorNames = await names(
    tenantId,
    call.allocation.map((r) => r.investorId),
  );
  const rows: CallNotice[] = call.allocation.map((row) => {
    const notice = byId.get(row.subscriptionId);
    const paid = notice?.paid ?? fromMinor(0n, call.currency);
    return {
      subscriptionId: row.subscriptionId,
      investorId: row.investorId,
      investorName: investorNames.get(row.investorId),
      state: notice?.state ?? 'DRAFT',
      items: row.items,
      amount: row.amount,
      paid,
      outstanding: minus(row.amount, paid, call.currency),
      commitment: row.commitment,
    };
  });
  return {
    ...summaryOf(call),
    notices: rows,
    allowedEvents: allowedEventsOf(actor, role, call),
  };
};

export const getCall = async (actor: Actor, role: Role, callId: string): Promise<CapitalCall> =>
  viewCall(actor.tenantId, actor, role, await callOr404(actor.tenantId, callId));

export const listCalls = async (
  tenantId: string,
  query: { productId?: string; state?: CapitalCallState; limit?: number; cursor?: string },
): Promise<{ items: CapitalCallSummary[]; nextCursor?: string }> => {
  // A filter on a product names one of the tenant's: another tenant's (or no) product is 404.
  if (query.productId) await readFund(tenantId, query.productId);
  const pk = keys.capitalCallsIndexPk(tenantId);
  const start = await decodeCursor(query.cursor, 'GSI2PK', pk, ['PK', 'SK', 'GSI2PK', 'GSI2SK']);
  const filters: string[] = [];
  const values: Record<string, unknown> = { ':pk': pk };
  const names: Record<string, string> = {};
  if (query.productId) {
    filters.push('productId = :pid');
    values[':pid'] = query.productId;
  }
  if (query.state) {
    filters.push('#state = :state');
    values[':state'] = query.state;
    names['#state'] = 'state';
  }
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: values,
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ScanIndexForward: false,
      Limit: query.limit ?? 20,
      ExclusiveStartKey: start,
    }),
  );
  const nextCursor = await encodeCursor(out.LastEvaluatedKey);
  return { items: (out.Items ?? []).map((i) => summaryOf(callOf(i))), ...(nextCursor ? { nextCursor } : {}) };
};

// ---- Notices as CSV

const csvCell = (value: string): string => {
  // A leading =, +, - or @ would run as a formula in a spreadsheet: quote it as text.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
export const csvOf = (rows: readonly (readonly string[])[]): string =>
  `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;

export const exportNotices = async (actor: Actor, role: Role, callId: string): Promise<FileExport> => {
  const call = await getCall(actor, role, callId);
  const header = [
    'Call',
    'Fund',
    'Investor',
    'Subscription',
    'Currency',
    'Commitment',
    'Investment',
    'Management fee',
    'Expenses',
    'Amount due',
    'Paid',
    'Outstanding',
    'Due date',
    'Status',
  ];
  const rows = call.notices.map((n) => [
    call.callId,
    call.fund,
    n.investorName ?? n.investorId,
    n.subscriptionId,
    call.currency,
    n.commitment,
    n.items.investment,
    n.items.managementFee,
    n.items.expenses,
    n.amount,
    n.paid,
    n.outstanding,
    call.dueDate ?? '',
    n.state,
  ]);
  const totals = [
    'Total',
    call.fund,
    '',
    '',
    call.currency,
    '',
    call.totals.investment,
    call.totals.managementFee,
    call.totals.expenses,
    call.totals.amount,
    call.paid,
    minus(call.totals.amount, call.paid, call.currency),
    call.dueDate ?? '',
    call.state,
  ];
  return {
    fileName: `capital-call-${call.callId}.csv`,
    contentType: 'text/csv',
    content: csvOf([header, ...rows, totals]),
  };
};
