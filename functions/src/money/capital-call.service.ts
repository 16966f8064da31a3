import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@tranche/shared/auth/roles';
import type { Currency } from '@tranche/shared/money';
import {
  type AllocationInput,
  allocateItemisedCall,
  assertWithinUndrawn,
  type CallComponent,
  callAmountForPercentage,
} from '@tranche/shared/money/allocation';
import { DEFAULT_NOTICE_BUSINESS_DAYS, defaultDueDate, givesEnoughNotice } from '@tranche/shared/money/calendar';
import { CALL_NOTICE_LIFECYCLE, type CallNoticeState } from '@tranche/shared/money/call-notice-state';
import {
  CAPITAL_CALL_LIFECYCLE,
  CAPITAL_CALL_SPEC_STATUS,
  type CapitalCallEvent,
  type CapitalCallState,
} from '@tranche/shared/money/capital-call-state';
import { dec, toAmount } from '@tranche/shared/money/decimal';
import { holidaysOf } from '@tranche/shared/money/holidays';
import type {
  CallNotice,
  CapitalCall,
  CapitalCallSummary,
  CreateCapitalCallBody,
  FileExport,
  RecordPaymentBody,
} from '@tranche/shared/money/money.schema';
import { latestNav } from '@tranche/shared/money/summary';
import type { Actor } from '#lib/audit';
import { db, tableName } from '#lib/db/client';
import { commit, type EventDraft, event, type Step } from '#lib/db/commit';
import { decodeCursor, encodeCursor } from '#lib/db/cursor';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { productOr404 } from '../product/product.repo.js';
import { findUser } from '../user/user.repo.js';
import {
  appendSteps,
  type EntryDraft,
  type InvestmentRecord,
  investmentsOfProduct,
  readInvestment,
  readLedger,
} from './investment.repo.js';
import { formatMoney, moneyField, todayOf } from './money-input.js';
import { readPrices } from './nav.service.js';

/**
 * Capital calls (issue 14, docs/money.md "Capital calls"): prepared as a draft with its exact split
 * (largest remainder, excused investors out of the base), approved by someone other than the
 * preparer, issued (each investor's notice, CALL entry and task are written by the notices consumer,
 * functions/src/events/money.ts, one commit per investor), paid (PAYMENT and FEE entries, partial or
 * whole, in the call's currency) and confirmed. Every change is one conditional commit.
 */

type Items = Record<CallComponent, string>;

interface AllocationRow {
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

export const callOf = (item: Record<string, unknown>): CallRecord => pick<CallRecord>(item, CALL_FIELDS);

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

const callOr404 = async (tenantId: string, callId: string): Promise<CallRecord> => {
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

const readNotices = async (tenantId: string, callId: string): Promise<NoticeRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': keys.capitalCallPk(tenantId, callId), ':p': keys.callNoticePrefix },
      ConsistentRead: true,
    })
  ).map(noticeOf);

const putCall = (tenantId: string, next: CallRecord, seenVersion: number | undefined): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.capitalCall(tenantId, next.callId),
        ...keys.capitalCallsIndex(tenantId, next.createdAt, next.callId),
        type: 'CAPITAL_CALL',
        ...next,
      },
      ...(seenVersion === undefined
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : {
            ConditionExpression: '#v = :v',
            ExpressionAttributeNames: { '#v': 'version' },
            ExpressionAttributeValues: { ':v': seenVersion },
          }),
    },
  },
});

const putNotice = (tenantId: string, next: NoticeRecord, seenVersion: number | undefined): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.callNotice(tenantId, next.callId, next.subscriptionId),
        ...keys.callsOfInvestor(tenantId, next.investorId, next.issuedAt, next.callId),
        type: 'CALL_NOTICE',
        ...next,
      },
      ...(seenVersion === undefined
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : {
            ConditionExpression: '#v = :v',
            ExpressionAttributeNames: { '#v': 'version' },
            ExpressionAttributeValues: { ':v': seenVersion },
          }),
    },
  },
});

// ---- Views

const sum = (values: readonly string[], currency: Currency) =>
  toAmount(
    values.reduce((a, v) => a.add(dec(v)), dec('0')),
    currency,
  );

const summaryOf = (call: CallRecord): CapitalCallSummary => {
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

const names = async (tenantId: string, userIds: readonly string[]): Promise<Map<string, string>> => {
  const unique = [...new Set(userIds)];
  const users = await Promise.all(unique.map((id) => findUser(tenantId, id)));
  return new Map(unique.map((id, i) => [id, users[i]?.displayName || users[i]?.email || id] as const));
};

const paidInFull = (call: CallRecord, paid: string) => dec(paid).gte(dec(call.totals.amount));

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
    const paid = notice?.paid ?? toAmount(dec('0'), call.currency);
    return {
      subscriptionId: row.subscriptionId,
      investorId: row.investorId,
      investorName: investorNames.get(row.investorId),
      state: notice?.state ?? 'DRAFT',
      items: row.items,
      amount: row.amount,
      paid,
      outstanding: toAmount(dec(row.amount).sub(dec(paid)), call.currency),
      commitment: row.commitment,
    };
  });
  return {
    ...summaryOf(call),
    notices: rows,
    allowedEvents: CAPITAL_CALL_LIFECYCLE.allowedEvents(call.state, role, {
      actorId: actor.userId,
      preparedBy: call.preparedBy,
      paidInFull: paidInFull(call, call.paid),
    }),
  };
};

export const getCall = async (actor: Actor, role: Role, callId: string): Promise<CapitalCall> =>
  viewCall(actor.tenantId, actor, role, await callOr404(actor.tenantId, callId));

export const listCalls = async (
  tenantId: string,
  query: { productId?: string; state?: CapitalCallState; limit?: number; cursor?: string },
): Promise<{ items: CapitalCallSummary[]; nextCursor?: string }> => {
  // A filter on a product names one of the tenant's: another tenant's (or no) product is 404.
  if (query.productId) await productOr404(tenantId, query.productId, false);
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

// ---- Prepare

const noticeTooShort = () =>
  new DomainError('capitalCallNoticeTooShort', { field: 'dueDate', minimum: DEFAULT_NOTICE_BUSINESS_DAYS });

/** The investments a call on `productId` in `currency` is shared by (others' currencies are refused). */
const callableInvestments = async (tenantId: string, productId: string, currency: Currency) => {
  const all = await investmentsOfProduct(tenantId, productId);
  if (all.length === 0) throw new DomainError('capitalCallNothingToAllocate');
  const same = all.filter((i) => i.currency === currency);
  if (same.length === 0) {
    throw new DomainError('moneyCurrencyMismatch', {
      field: 'currency',
      expected: (all[0] as InvestmentRecord).currency,
    });
  }
  return same;
};

/** Each part within its investor's undrawn commitment, read fresh (capitalCallOverdraws names the first that is not). */
const assertFits = (rows: readonly AllocationRow[], investments: readonly InvestmentRecord[]) => {
  const undrawn = new Map(investments.map((i) => [i.subscriptionId, i.balances.undrawn] as const));
  assertWithinUndrawn(
    rows.map((r) => ({ id: r.subscriptionId, amount: r.amount })),
    undrawn,
  );
};

export const createCall = async (actor: Actor, body: CreateCapitalCallBody): Promise<CallRecord> => {
  const product = await productOr404(actor.tenantId, body.productId, true);
  const { currency } = body;
  const investments = await callableInvestments(actor.tenantId, body.productId, currency);
  const known = new Set(investments.map((i) => i.subscriptionId));
  const excused = [...new Set(body.excused ?? [])];
  if (excused.some((id) => !known.has(id))) {
    throw new DomainError('capitalCallInvestorNotInCall', { field: 'excused' });
  }
  const inputs: AllocationInput[] = investments.map((i) => ({
    id: i.subscriptionId,
    commitment: i.balances.committed,
    excused: excused.includes(i.subscriptionId),
  }));
  let investment: string;
  if (body.basis === 'AMOUNT') {
    if (body.investment === undefined)
      throw new DomainError('capitalCallBasisInvalid', { field: 'investment', basis: 'AMOUNT' });
    investment = moneyField(body.investment, currency, 'investment');
  } else {
    if (body.percent === undefined)
      throw new DomainError('capitalCallBasisInvalid', { field: 'percent', basis: 'PERCENTAGE' });
    if (inputs.every((i) => i.excused || dec(i.commitment).lte(0)))
      throw new DomainError('capitalCallNothingToAllocate');
    investment = callAmountForPercentage(body.percent, currency, inputs);
  }
  const items: Items = {
    investment,
    managementFee: moneyField(body.managementFee ?? '0', currency, 'managementFee'),
    expenses: moneyField(body.expenses ?? '0', currency, 'expenses'),
  };
  const total = sum(Object.values(items), currency);
  if (dec(total).lte(0)) {
    throw new DomainError('capitalCallBasisInvalid', {
      field: body.basis === 'AMOUNT' ? 'investment' : 'percent',
      basis: body.basis,
    });
  }
  const byId = new Map(investments.map((i) => [i.subscriptionId, i] as const));
  const rows: AllocationRow[] = allocateItemisedCall(items, currency, inputs)
    .filter((p) => dec(p.amount).gt(0))
    .map((p) => {
      const inv = byId.get(p.id) as InvestmentRecord;
      return {
        subscriptionId: p.id,
        investorId: inv.investorId,
        commitment: inv.balances.committed,
        items: p.items,
        amount: p.amount,
      };
    });
  assertFits(rows, investments);
  if (body.dueDate && !givesEnoughNotice(todayOf(actor.at), body.dueDate, holidaysOf(currency))) throw noticeTooShort();
  const call: CallRecord = {
    callId: newId(),
    productId: body.productId,
    fund: product.name.en,
    currency,
    state: 'DRAFT',
    basis: body.basis,
    ...(body.percent !== undefined && body.basis === 'PERCENTAGE' ? { percent: body.percent } : {}),
    totals: { ...items, amount: total },
    paid: toAmount(dec('0'), currency),
    ...(body.dueDate ? { dueDate: body.dueDate } : {}),
    ...(body.purpose ? { purpose: body.purpose } : {}),
    preparedBy: actor.userId,
    createdAt: actor.at,
    updatedAt: actor.at,
    version: 1,
    allocation: rows,
    excused,
  };
  return commit(actor, {
    steps: [putCall(actor.tenantId, call, undefined)],
    events: [
      event('CAPITAL_CALL_CREATED', call.callId, {
        callId: call.callId,
        productId: call.productId,
        amount: total,
        currency,
        parts: rows.length,
      }),
    ],
    result: call,
  });
};

// ---- Decide, issue

const DECISION_EVENTS = {
  APPROVE: 'CAPITAL_CALL_APPROVED',
  RETURN_TO_DRAFT: 'CAPITAL_CALL_RETURNED',
  CANCEL: 'CAPITAL_CALL_WITHDRAWN',
} as const;

export const decideCall = async (
  actor: Actor,
  role: Role,
  callId: string,
  decision: keyof typeof DECISION_EVENTS,
): Promise<CallRecord> =>
  commit(actor, async () => {
    const call = await callOr404(actor.tenantId, callId);
    const state = CAPITAL_CALL_LIFECYCLE.next(call.state, decision, role, {
      actorId: actor.userId,
      preparedBy: call.preparedBy,
      paidInFull: false,
    });
    const next: CallRecord = {
      ...call,
      state,
      version: call.version + 1,
      updatedAt: actor.at,
      ...(decision === 'APPROVE' ? { approvedBy: actor.userId } : {}),
    };
    if (decision === 'RETURN_TO_DRAFT') delete next.approvedBy;
    return {
      steps: [putCall(actor.tenantId, next, call.version)],
      events: [event(DECISION_EVENTS[decision], callId, { callId })],
      result: next,
    };
  });

export const issueCall = async (
  actor: Actor,
  role: Role,
  callId: string,
  body: { dueDate?: string },
): Promise<CallRecord> =>
  commit(actor, async () => {
    const call = await callOr404(actor.tenantId, callId);
    const state = CAPITAL_CALL_LIFECYCLE.next(call.state, 'ISSUE', role, {
      actorId: actor.userId,
      preparedBy: call.preparedBy,
      paidInFull: false,
    });
    const today = todayOf(actor.at);
    const holidays = holidaysOf(call.currency);
    const dueDate = body.dueDate ?? call.dueDate ?? defaultDueDate(today, holidays);
    if (!givesEnoughNotice(today, dueDate, holidays)) throw noticeTooShort();
    // Other calls may have drawn on the same commitments since this one was prepared.
    if (call.allocation.length > 0)
      assertFits(call.allocation, await investmentsOfProduct(actor.tenantId, call.productId));
    const next: CallRecord = {
      ...call,
      state,
      dueDate,
      issuedAt: actor.at,
      version: call.version + 1,
      updatedAt: actor.at,
    };
    return {
      steps: [putCall(actor.tenantId, next, call.version)],
      events: [event('CAPITAL_CALL_RELEASED', callId, { callId, dueDate, parts: call.allocation.length })],
      result: next,
    };
  });

/**
 * One investor's notice of an issued call (the notices consumer): the notice, the CALL entry on the
 * investment's ledger and CAPITAL_CALL_ISSUED, which opens the investor's task (the IRA variant when
 * the money comes through a custodian) and sends the email. Undefined when it was written already.
 */
export const noticeChange = async (
  tenantId: string,
  at: string,
  call: CallRecord,
  row: AllocationRow,
): Promise<{ steps: Step[]; events: EventDraft[]; result: undefined } | undefined> => {
  if (await readNotice(tenantId, call.callId, row.subscriptionId)) return undefined;
  const inv = await readInvestment(tenantId, row.subscriptionId);
  if (!inv) return undefined;
  const ledger = await readLedger(tenantId, row.subscriptionId);
  const issuedOn = todayOf(call.issuedAt ?? at);
  const append = appendSteps(tenantId, at, inv, ledger, [
    { kind: 'CALL', amount: row.amount, effectiveDate: issuedOn, callId: call.callId },
  ]);
  const notice: NoticeRecord = {
    callId: call.callId,
    subscriptionId: row.subscriptionId,
    investorId: row.investorId,
    productId: call.productId,
    fund: call.fund,
    currency: call.currency,
    state: 'OUTSTANDING',
    items: row.items,
    amount: row.amount,
    paid: toAmount(dec('0'), call.currency),
    feesPosted: toAmount(dec('0'), call.currency),
    commitment: row.commitment,
    dueDate: call.dueDate ?? issuedOn,
    issuedAt: call.issuedAt ?? at,
    ...(call.purpose ? { purpose: call.purpose } : {}),
    version: 1,
  };
  return {
    steps: [putNotice(tenantId, notice, undefined), ...append.steps],
    events: [
      // The investor's task is about their investment (refId: its page); the audit trail is the call's.
      event('CAPITAL_CALL_ISSUED', call.callId, {
        refId: row.subscriptionId,
        userIds: [row.investorId],
        fund: call.fund,
        amount: formatMoney(row.amount, call.currency),
        dueDate: notice.dueDate,
        fundType: inv.fundType,
        accountKind: inv.accountKind,
        callId: call.callId,
      }),
    ],
    result: undefined,
  };
};

// ---- Money received

/** Refuses a payment or receipt on a call in a state that takes none (a draft, a cancelled call). */
const assertTakesPayments = (call: CallRecord, role: Role) => {
  if (call.state === 'ISSUED' || call.state === 'PARTLY_PAID' || call.state === 'PAID') return;
  // The lifecycle's own refusal (role first, then TRANSITION_NOT_ALLOWED naming the state).
  CAPITAL_CALL_LIFECYCLE.next(call.state, 'RECORD_PART_PAYMENT', role, {
    actorId: '',
    preparedBy: call.preparedBy,
    paidInFull: false,
  });
};

const noticeOr422 = async (tenantId: string, call: CallRecord, subscriptionId: string): Promise<NoticeRecord> => {
  const notice = await readNotice(tenantId, call.callId, subscriptionId);
  if (!notice) throw new DomainError('capitalCallInvestorNotInCall', { field: 'subscriptionId' });
  return notice;
};

/** Units bought with `invested` at the class's NAV per unit on `date` (1.000000 before any NAV), rounded down. */
const unitsFor = async (
  tenantId: string,
  inv: InvestmentRecord,
  invested: string,
  date: string,
): Promise<string | undefined> => {
  const prices = await readPrices(tenantId, inv.productId, inv.shareClassId);
  const price = latestNav(
    prices.map((p) => ({ date: p.navDate, navPerUnit: p.navPerUnit })),
    date,
  );
  const units = dec(invested)
    .div(dec(price?.navPerUnit ?? '1'))
    .toDecimalPlaces(6, 1);
  return units.gt(0) ? units.toFixed(6) : undefined;
};

export const recordPayment = async (
  actor: Actor,
  role: Role,
  callId: string,
  body: RecordPaymentBody,
): Promise<CallRecord> =>
  commit(actor, async () => {
    const call = await callOr404(actor.tenantId, callId);
    assertTakesPayments(call, role);
    const notice = await noticeOr422(actor.tenantId, call, body.subscriptionId);
    if (body.currency !== call.currency) {
      throw new DomainError('moneyCurrencyMismatch', { field: 'currency', expected: call.currency });
    }
    const amount = moneyField(body.amount, call.currency, 'amount');
    if (dec(amount).lte(0)) {
      throw new DomainError('PARAMS_ERROR', {
        fields: [{ field: 'body.amount', rule: 'positive', message: 'Must be more than zero' }],
      });
    }
    const noticeState = CALL_NOTICE_LIFECYCLE.next(notice.state, 'RECORD_FUNDS', role, {
      due: notice.amount,
      paid: notice.paid,
    });
    const outstanding = toAmount(dec(notice.amount).sub(dec(notice.paid)), call.currency);
    if (dec(amount).gt(dec(outstanding))) {
      throw new DomainError('paymentExceedsOutstanding', {
        field: 'amount',
        outstanding: formatMoney(outstanding, call.currency),
      });
    }
    const paid = toAmount(dec(notice.paid).add(dec(amount)), call.currency);
    // Fees are taken in proportion as money arrives, rounded on the running total so the fee entries
    // of a notice paid in parts add up to exactly its fee items.
    const feeItems = dec(notice.items.managementFee).add(dec(notice.items.expenses));
    const feesDue = toAmount(feeItems.mul(dec(paid)).div(dec(notice.amount)), call.currency);
    const fee = toAmount(dec(feesDue).sub(dec(notice.feesPosted)), call.currency);
    const inv = await readInvestment(actor.tenantId, notice.subscriptionId);
    if (!inv) throw new DomainError('investmentNotExists');
    const ledger = await readLedger(actor.tenantId, notice.subscriptionId);
    const units = await unitsFor(
      actor.tenantId,
      inv,
      toAmount(dec(amount).sub(dec(fee)), call.currency),
      body.receivedOn,
    );
    const drafts: EntryDraft[] = [
      { kind: 'PAYMENT', amount, effectiveDate: body.receivedOn, callId, ...(units ? { units } : {}) },
    ];
    if (dec(fee).gt(0)) drafts.push({ kind: 'FEE', amount: fee, effectiveDate: body.receivedOn, callId });
    const append = appendSteps(actor.tenantId, actor.at, inv, ledger, drafts);
    const nextNotice: NoticeRecord = {
      ...notice,
      state: noticeState,
      paid,
      feesPosted: feesDue,
      version: notice.version + 1,
    };
    const callPaid = toAmount(dec(call.paid).add(dec(amount)), call.currency);
    const full = paidInFull(call, callPaid);
    const callEvent: CapitalCallEvent = full ? 'RECORD_FINAL_PAYMENT' : 'RECORD_PART_PAYMENT';
    const callState = CAPITAL_CALL_LIFECYCLE.next(call.state, callEvent, role, {
      actorId: actor.userId,
      preparedBy: call.preparedBy,
      paidInFull: full,
    });
    const nextCall: CallRecord = {
      ...call,
      state: callState,
      paid: callPaid,
      version: call.version + 1,
      updatedAt: actor.at,
    };
    const noticePaid = dec(paid).gte(dec(notice.amount));
    return {
      steps: [
        putNotice(actor.tenantId, nextNotice, notice.version),
        ...append.steps,
        putCall(actor.tenantId, nextCall, call.version),
      ],
      events: [
        noticePaid
          ? event('FUNDS_RECEIVED', callId, {
              refId: notice.subscriptionId,
              userIds: [notice.investorId],
              fund: call.fund,
              amount: formatMoney(paid, call.currency),
              callId,
            })
          : event('CAPITAL_CALL_PAYMENT_RECORDED', callId, {
              callId,
              subscriptionId: notice.subscriptionId,
              amount,
              outstanding: toAmount(dec(notice.amount).sub(dec(paid)), call.currency),
              currency: call.currency,
            }),
      ],
      result: nextCall,
    };
  });

export const confirmReceipt = async (
  actor: Actor,
  role: Role,
  callId: string,
  subscriptionId: string,
): Promise<CallRecord> =>
  commit(actor, async () => {
    const call = await callOr404(actor.tenantId, callId);
    assertTakesPayments(call, role);
    const notice = await noticeOr422(actor.tenantId, call, subscriptionId);
    const ctx = { due: notice.amount, paid: notice.paid };
    const confirmed = CALL_NOTICE_LIFECYCLE.next(notice.state, 'CONFIRM_RECEIPT', role, ctx);
    // A confirmed receipt is invested money: called capital goes to work when it is in the account.
    const invested = CALL_NOTICE_LIFECYCLE.next(confirmed, 'MARK_INVESTED', role, ctx);
    const next: NoticeRecord = {
      ...notice,
      state: invested,
      confirmedAt: actor.at,
      confirmedBy: actor.userId,
      version: notice.version + 1,
    };
    return {
      steps: [putNotice(actor.tenantId, next, notice.version)],
      events: [
        event('CAPITAL_CALL_RECEIPT_CONFIRMED', callId, {
          callId,
          subscriptionId,
          investorId: notice.investorId,
          amount: notice.amount,
        }),
      ],
      result: call,
    };
  });

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
    toAmount(dec(call.totals.amount).sub(dec(call.paid)), call.currency),
    call.dueDate ?? '',
    call.state,
  ];
  return {
    fileName: `capital-call-${call.callId}.csv`,
    contentType: 'text/csv',
    content: csvOf([header, ...rows, totals]),
  };
};
