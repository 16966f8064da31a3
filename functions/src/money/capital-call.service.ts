import type { Role } from '@tranche/shared/auth/roles';
import type { Currency } from '@tranche/shared/money';
import { type AllocationInput, allocateItemisedCall, callAmountForPercentage } from '@tranche/shared/money/allocation';
import { givesEnoughNotice } from '@tranche/shared/money/calendar';
import { CALL_NOTICE_LIFECYCLE } from '@tranche/shared/money/call-notice-state';
import { CAPITAL_CALL_LIFECYCLE, type CapitalCallEvent } from '@tranche/shared/money/capital-call-state';
import { dec, toAmount } from '@tranche/shared/money/decimal';
import { holidaysOf } from '@tranche/shared/money/holidays';
import type { CreateCapitalCallBody, RecordPaymentBody } from '@tranche/shared/money/money.schema';
import { latestNav } from '@tranche/shared/money/summary';
import type { Actor } from '#lib/audit';
import { commit, type EventDraft, event, type Step } from '#lib/db/commit';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { assertFits, noticeTooShort } from './call.decisions.js';
import {
  type AllocationRow,
  type CallRecord,
  callOr404,
  type Items,
  type NoticeRecord,
  paidInFull,
  putCall,
  putNotice,
  readNotice,
} from './call.records.js';
import { readFund } from './fund.repo.js';
import {
  appendSteps,
  type EntryDraft,
  type InvestmentRecord,
  investmentsOfProduct,
  readInvestment,
  readLedger,
} from './investment.repo.js';
import { total as sumOf } from './minor.js';
import { moneyField } from './money-input.js';
import { formatMoney, todayOf } from './money-text.js';
import { readPrices } from './nav.service.js';

/**
 * Capital calls (issue 14, docs/money.md "Capital calls"): prepared as a draft with its exact split
 * (largest remainder, excused investors out of the base), issued (each investor's notice, CALL entry
 * and task are written by the notices consumer, functions/src/events/money.ts, one commit per
 * investor), paid (PAYMENT and FEE entries, partial or whole, in the call's currency) and confirmed.
 * Every change is one conditional commit. Approval and issue are in call.decisions.ts.
 */

// ---- Prepare

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

export const createCall = async (actor: Actor, body: CreateCapitalCallBody): Promise<CallRecord> => {
  const product = await readFund(actor.tenantId, body.productId);
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
  const total = sumOf(Object.values(items), currency);
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
    fund: product.name,
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
export const unitsFor = async (
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
