import type { Role } from '@tranche/shared/auth/roles';
import { callStateFor, correctCall, correctPayment } from '@tranche/shared/money/call-correction';
import {
  CORRECTION_LIFECYCLE,
  type CorrectionState,
  initialCorrectionState,
  MONEY_MOVING_KINDS,
} from '@tranche/shared/money/correction-state';
import { dec, toAmount } from '@tranche/shared/money/decimal';
import { correctPart, distributionStateFor, partPaidInFull } from '@tranche/shared/money/distribution-correction';
import { assertCovered, type LedgerEntry, netOfRecord } from '@tranche/shared/money/ledger';
import type { CreateCorrectionBody, InvestmentLedger, LedgerCorrection } from '@tranche/shared/money/money.schema';
import { correctDealt, correctPaid, type RedemptionFigures } from '@tranche/shared/money/redemption-correction';
import type { Actor } from '#lib/audit';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { commit, type EventDraft, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { logger } from '#lib/logger';
import { type CallRecord, type NoticeRecord, putCall, putNotice, readCall, readNotice } from './call.records.js';
import { unitsFor } from './capital-call.service.js';
import { type DistributionRecord, put as putDistribution, readDistribution } from './distribution.service.js';
import { appendSteps, type EntryDraft, type InvestmentRecord, readInvestment, readLedger } from './investment.repo.js';
import { minus, toMinor, total } from './minor.js';
import { moneyField } from './money-input.js';
import { formatMoney } from './money-text.js';
import { recordReader, versionGuard } from './records.js';
import { put as putRedemption, type RedemptionRecord, readRedemption } from './redemption.records.js';

/**
 * Ledger corrections (issue 14, docs/money.md "Notices, currency, reversals"). The ledger is
 * append-only: a manager corrects an entry by a REVERSAL of it (ledger.ts `reversalOf`: same kind,
 * amount, units and date, `reverses` naming it) and, optionally, the entry as it should have been.
 * Entries that recorded money that moved wait for a second person (correction-state.ts); the rest
 * post at once when an admin prepares them. Balances and every dashboard figure follow, since they are
 * derived from the entries. The correction record, its decision and the append are one commit, with
 * the event that is the audit trail (in the investment's partition).
 *
 * Entries of a capital call (CALL, and the PAYMENT and FEE recorded against a notice) move the
 * call's notice and the call with the ledger, in the same commit (callChange below; the arithmetic is
 * shared/src/money/call-correction.ts): the notice's paid figure, fees and state, the call's paid
 * figure, totals and state. A PAYMENT is reversed together with the FEE posted alongside it.
 *
 * Entries of a distribution (`distributionId`) and of a redemption request (`redemptionId`) move that
 * record the same way (distributionChange, redemptionChange below; the arithmetic is
 * distribution-correction.ts and redemption-correction.ts). Such entries written before they named
 * their record move the ledger only, which the log says (docs/money.md "Corrections of distribution
 * and redemption entries").
 */

export interface CorrectionRecord extends Omit<LedgerCorrection, 'canDecide'> {}

const FIELDS = [
  'correctionId',
  'subscriptionId',
  'investorId',
  'fund',
  'currency',
  'seq',
  'entry',
  'callId',
  'distributionId',
  'redemptionId',
  'corrected',
  'reason',
  'movesMoney',
  'state',
  'preparedBy',
  'decidedBy',
  'comment',
  'postedSeqs',
  'createdAt',
  'updatedAt',
  'version',
] as const;

const recordOf = recordReader<CorrectionRecord>(FIELDS);

const view = (r: CorrectionRecord, actor: Actor, role: Role): LedgerCorrection => ({
  ...r,
  canDecide:
    CORRECTION_LIFECYCLE.allowedEvents(r.state, role, { actorId: actor.userId, preparedBy: r.preparedBy }).length > 0,
});

const put = (tenantId: string, r: CorrectionRecord, seenVersion: number | undefined): Step => ({
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.ledgerCorrection(tenantId, r.correctionId),
        ...keys.ledgerCorrectionsIndex(tenantId, r.createdAt, r.correctionId),
        type: 'LEDGER_CORRECTION',
        ...r,
      },
      ...versionGuard(seenVersion),
    },
  },
});

const investmentOr404 = async (tenantId: string, subscriptionId: string): Promise<InvestmentRecord> => {
  const inv = await readInvestment(tenantId, subscriptionId);
  if (!inv) throw new DomainError('investmentNotExists');
  return inv;
};

/** The manager's view of one investment's ledger: the position and every entry, reversed ones marked. */
export const investmentLedger = async (actor: Actor, subscriptionId: string): Promise<InvestmentLedger> => {
  const [inv, entries] = await Promise.all([
    investmentOr404(actor.tenantId, subscriptionId),
    readLedger(actor.tenantId, subscriptionId),
  ]);
  const reversed = new Set(entries.map((e) => e.reverses).filter((id): id is string => id !== undefined));
  return {
    investment: {
      subscriptionId: inv.subscriptionId,
      investorId: inv.investorId,
      productId: inv.productId,
      shareClassId: inv.shareClassId,
      fund: inv.fund,
      currency: inv.currency,
      accountKind: inv.accountKind,
      balances: Object.fromEntries(Object.entries(inv.balances).map(([k, v]) => [k, String(v)])),
    },
    entries: entries.map((e) => ({
      entryId: e.id,
      seq: e.seq,
      kind: e.kind,
      amount: e.amount,
      currency: e.currency,
      ...(e.units !== undefined ? { units: e.units } : {}),
      effectiveDate: e.effectiveDate,
      ...(e.callId !== undefined ? { callId: e.callId } : {}),
      ...(e.distributionId !== undefined ? { distributionId: e.distributionId } : {}),
      ...(e.redemptionId !== undefined ? { redemptionId: e.redemptionId } : {}),
      ...(e.reverses !== undefined ? { reverses: e.reverses } : {}),
      reversed: reversed.has(e.id),
    })),
  };
};

/** The entries a correction appends: the reversal, then the corrected entry (same kind) if any. */
const draftsOf = (original: LedgerEntry, r: Pick<CorrectionRecord, 'corrected'>): EntryDraft[] => {
  const {
    id: _id,
    seq: _seq,
    investorId: _i,
    subscriptionId: _s,
    productId: _p,
    shareClassId: _c,
    currency: _cur,
    ...rest
  } = original;
  const drafts: EntryDraft[] = [{ ...rest, reverses: original.id }];
  if (r.corrected) {
    const { reverses: _r, units: _u, amount: _a, effectiveDate: _d, ...kept } = rest;
    drafts.push({
      ...kept,
      amount: r.corrected.amount,
      effectiveDate: r.corrected.effectiveDate,
      ...(r.corrected.units !== undefined ? { units: r.corrected.units } : {}),
    });
  }
  return drafts;
};

/** The entry at `seq`, correctable: not a reversal, not reversed yet. */
const correctable = (ledger: readonly LedgerEntry[], seq: number): LedgerEntry => {
  const entry = ledger.find((e) => e.seq === seq);
  if (!entry) throw new DomainError('ledgerEntryNotExists', { field: 'seq' });
  if (entry.reverses !== undefined || ledger.some((e) => e.reverses === entry.id)) {
    throw new DomainError('ledgerReversalInvalid', { entryId: entry.id, field: 'seq' });
  }
  return entry;
};

/** A reversal of `e` (ledger.ts: same kind, amount, units, date and call, `reverses` naming it). */
const reversalDraft = (e: LedgerEntry): EntryDraft => draftsOf(e, {})[0] as EntryDraft;

/** The FEE recorded with a call's PAYMENT (recordPayment appends it right after), if it stands. */
const feeOfPayment = (ledger: readonly LedgerEntry[], payment: LedgerEntry): LedgerEntry | undefined => {
  const fee = ledger.find(
    (e) =>
      e.seq === payment.seq + 1 &&
      e.kind === 'FEE' &&
      e.callId === payment.callId &&
      e.effectiveDate === payment.effectiveDate &&
      e.reverses === undefined,
  );
  return fee && !ledger.some((e) => e.reverses === fee.id) ? fee : undefined;
};

interface Posting {
  drafts: EntryDraft[];
  steps: Step[];
  events: EventDraft[];
}

const TAKES_PAYMENTS = new Set(['ISSUED', 'PARTLY_PAID', 'PAID']);
const plus = (a: string, b: string, currency: InvestmentRecord['currency']) => total([a, b], currency);

/**
 * What correcting an entry of a capital call writes besides the entries: the notice and the call as
 * they stand with the corrected figures (call-correction.ts), each conditional on the version read,
 * and CAPITAL_CALL_NOTICE_CORRECTED (the subscription's status follows it, forward or back);
 * FUNDS_RECEIVED when the correction completes the notice (it closes the investor's task as a payment
 * would), CAPITAL_CALL_PAYMENT_UNDONE when it leaves a notice paid in full owing again (the task opens again). Refusals name the field: paymentExceedsOutstanding, capitalCallOverdraws and
 * callCorrectionBelowFees on `corrected.amount`, callNoticeHasPayments on `seq`.
 */
const callChange = async (
  actor: Actor,
  inv: InvestmentRecord,
  ledger: readonly LedgerEntry[],
  original: LedgerEntry & { callId: string },
  r: Pick<CorrectionRecord, 'corrected' | 'subscriptionId'>,
): Promise<Posting> => {
  const { tenantId } = actor;
  const currency = inv.currency;
  // An entry whose call or notice is missing (an import, a fixture) cannot be corrected with them:
  // 409 on the entry (`seq`), not a 404 the request's own ids did not cause.
  const [call, notice] = await Promise.all([
    readCall(tenantId, original.callId),
    readNotice(tenantId, original.callId, r.subscriptionId),
  ]);
  if (!call || !notice || !TAKES_PAYMENTS.has(call.state)) {
    throw new DomainError('ledgerEntryOfCall', { callId: original.callId, field: 'seq' });
  }
  const corrected = r.corrected;
  const noticeEvent = (next: NoticeRecord) =>
    event('CAPITAL_CALL_NOTICE_CORRECTED', call.callId, {
      callId: call.callId,
      subscriptionId: notice.subscriptionId,
      kind: original.kind as 'CALL' | 'PAYMENT' | 'FEE',
      amount: next.amount,
      paid: next.paid,
      state: next.state,
      currency,
    });
  const putBoth = (nextNotice: NoticeRecord, nextCall: CallRecord | undefined) => [
    putNotice(tenantId, nextNotice, notice.version),
    ...(nextCall ? [putCall(tenantId, nextCall, call.version)] : []),
  ];
  const callWith = (changes: Partial<CallRecord>): CallRecord => {
    const next = { ...call, ...changes, version: call.version + 1, updatedAt: actor.at };
    next.state = callStateFor(toMinor(next.paid, currency), toMinor(next.totals.amount, currency));
    return next;
  };

  if (original.kind === 'FEE') {
    const feesPosted = plus(minus(notice.feesPosted, original.amount, currency), corrected?.amount ?? '0', currency);
    const next: NoticeRecord = { ...notice, feesPosted, version: notice.version + 1 };
    return { drafts: draftsOf(original, r), steps: putBoth(next, undefined), events: [noticeEvent(next)] };
  }

  if (original.kind === 'PAYMENT') {
    const fee = feeOfPayment(ledger, original);
    const feeItems = plus(notice.items.managementFee, notice.items.expenses, currency);
    const result = correctPayment(
      { amount: notice.amount, paid: notice.paid, feesPosted: notice.feesPosted, feeItems, state: notice.state },
      { payment: original.amount, fee: fee?.amount ?? '0', ...(corrected ? { corrected: corrected.amount } : {}) },
      currency,
    );
    if ('exceeds' in result) {
      throw new DomainError('paymentExceedsOutstanding', {
        field: 'corrected.amount',
        outstanding: formatMoney(result.exceeds, currency),
      });
    }
    const drafts: EntryDraft[] = [reversalDraft(original), ...(fee ? [reversalDraft(fee)] : [])];
    if (corrected) {
      const date = corrected.effectiveDate;
      const units =
        corrected.units ?? (await unitsFor(tenantId, inv, minus(corrected.amount, result.fee, currency), date));
      drafts.push({
        kind: 'PAYMENT',
        amount: corrected.amount,
        effectiveDate: date,
        callId: call.callId,
        ...(units ? { units } : {}),
      });
      if (toMinor(result.fee, currency) > 0n) {
        drafts.push({ kind: 'FEE', amount: result.fee, effectiveDate: date, callId: call.callId });
      }
    }
    const confirmedStands = result.state === 'RECEIPT_CONFIRMED' || result.state === 'INVESTED';
    const { confirmedAt: _at, confirmedBy: _by, ...unconfirmed } = notice;
    const next: NoticeRecord = {
      ...(confirmedStands ? notice : unconfirmed),
      state: result.state,
      paid: result.paid,
      feesPosted: result.feesPosted,
      version: notice.version + 1,
    };
    const delta = minus(result.paid, notice.paid, currency);
    const nextCall = callWith({ paid: plus(call.paid, delta, currency) });
    const events: EventDraft[] = [noticeEvent(next)];
    if (!result.fullBefore && result.fullAfter) {
      events.push(
        event('FUNDS_RECEIVED', call.callId, {
          refId: notice.subscriptionId,
          userIds: [notice.investorId],
          fund: call.fund,
          amount: formatMoney(result.paid, currency),
          callId: call.callId,
        }),
      );
    }
    if (result.fullBefore && !result.fullAfter) {
      // Money is owed again on a notice whose task the full payment closed: the inbox opens a task for
      // it again, and tells the investor the payment was corrected (one event each: inbox-events.ts).
      const owed = {
        refId: notice.subscriptionId,
        userIds: [notice.investorId],
        fund: call.fund,
        amount: formatMoney(minus(notice.amount, result.paid, currency), currency),
        dueDate: notice.dueDate,
        callId: call.callId,
      };
      events.push(
        event('CAPITAL_CALL_PAYMENT_UNDONE', call.callId, {
          ...owed,
          fundType: inv.fundType,
          accountKind: inv.accountKind,
        }),
        event('CAPITAL_CALL_PAYMENT_CORRECTED', call.callId, owed),
      );
    }
    return { drafts, steps: putBoth(next, nextCall), events };
  }

  // The CALL itself: only while nothing is paid against the notice (its payments are corrected first).
  if (toMinor(notice.paid, currency) > 0n) {
    throw new DomainError('callNoticeHasPayments', { field: 'seq', callId: call.callId });
  }
  if (
    corrected &&
    toMinor(corrected.amount, currency) > toMinor(plus(inv.balances.undrawn, original.amount, currency), currency)
  ) {
    throw new DomainError('capitalCallOverdraws', { field: 'corrected.amount', investorId: inv.subscriptionId });
  }
  const result = correctCall(notice.items, corrected?.amount, currency);
  if ('belowFees' in result) {
    throw new DomainError('callCorrectionBelowFees', {
      field: 'corrected.amount',
      minimum: formatMoney(result.belowFees, currency),
    });
  }
  const next: NoticeRecord = { ...notice, amount: result.amount, items: result.items, version: notice.version + 1 };
  const totals = {
    investment: plus(call.totals.investment, result.delta.investment, currency),
    managementFee: plus(call.totals.managementFee, result.delta.managementFee, currency),
    expenses: plus(call.totals.expenses, result.delta.expenses, currency),
    amount: plus(call.totals.amount, result.delta.amount, currency),
  };
  const allocation = call.allocation.map((row) =>
    row.subscriptionId === notice.subscriptionId ? { ...row, items: result.items, amount: result.amount } : row,
  );
  return {
    drafts: draftsOf(original, r),
    steps: putBoth(next, callWith({ totals, allocation })),
    events: [noticeEvent(next)],
  };
};

/**
 * What correcting an entry of a distribution writes besides the entries: the holder's part (its
 * declared amount or its paid figure), the distribution's total, `posted.paid` count and state
 * (distribution-correction.ts), conditional on the version read (the payment consumer bumps it with
 * each part it writes), and DISTRIBUTION_CORRECTED. A distribution that is PAID is APPROVED again
 * while a part is owed, so the team records the payment again and only what is owed is paid.
 * Refused: while its declaration or payment is still being posted (distributionNotDeclared,
 * distributionPaymentInProgress, 409); a declaration below what is paid (distributionCorrectionBelowPaid
 * on `corrected.amount`, or `seq` for a reversal), a payment above what is declared
 * (INSUFFICIENT_BALANCE on `corrected.amount`).
 */
const distributionChange = async (
  actor: Actor,
  inv: InvestmentRecord,
  original: LedgerEntry & { distributionId: string },
  r: Pick<CorrectionRecord, 'corrected' | 'subscriptionId'>,
): Promise<Posting> => {
  const currency = inv.currency;
  const d = await readDistribution(actor.tenantId, original.distributionId);
  const index = d ? d.parts.findIndex((p) => p.subscriptionId === r.subscriptionId) : -1;
  const part = d?.parts[index];
  if (!d || !part) throw new DomainError('distributionNotExists', { field: 'seq' });
  if (d.posted.declared < d.parts.length) throw new DomainError('distributionNotDeclared');
  // PAID with a part not paid in full: the payment's consumer is still writing the parts.
  if (d.state === 'PAID' && !d.parts.every((p) => partPaidInFull(p, currency))) {
    throw new DomainError('distributionPaymentInProgress');
  }
  const kind = original.kind as 'DISTRIBUTION_DECLARED' | 'DISTRIBUTION_PAID';
  const result = correctPart(
    part,
    { kind, original: original.amount, ...(r.corrected ? { corrected: r.corrected.amount } : {}) },
    currency,
  );
  if ('belowPaid' in result) {
    throw new DomainError('distributionCorrectionBelowPaid', {
      field: r.corrected ? 'corrected.amount' : 'seq',
      paid: formatMoney(result.belowPaid, currency),
    });
  }
  if ('exceeds' in result) {
    throw new DomainError('INSUFFICIENT_BALANCE', { field: 'corrected.amount', held: result.exceeds });
  }
  const parts = d.parts.map((p, i) => (i === index ? { ...p, ...result.part } : p));
  // `paid` is absent again when the part's payment is reversed: spreading the result cannot drop it.
  if (result.part.paid === undefined) delete (parts[index] as { paid?: string }).paid;
  const counted = (p: { paid?: string }) => (p.paid === undefined ? 0 : 1);
  const next: DistributionRecord = {
    ...d,
    parts,
    amount: plus(d.amount, result.amountDelta, currency),
    posted: { ...d.posted, paid: d.posted.paid - counted(part) + counted(result.part) },
    state: distributionStateFor(d.paidBy !== undefined, parts, currency),
    updatedAt: actor.at,
    version: d.version + 1,
  };
  return {
    drafts: draftsOf(original, r),
    steps: [putDistribution(actor.tenantId, next, d.version)],
    events: [
      event('DISTRIBUTION_CORRECTED', d.distributionId, {
        distributionId: d.distributionId,
        subscriptionId: r.subscriptionId,
        kind,
        amount: result.part.amount,
        ...(result.part.paid !== undefined ? { paid: result.part.paid } : {}),
        state: next.state,
        currency,
      }),
      // The investor's message (inbox-events.ts): the part as it now stands, formatted, about the investment;
      // named as the distribution's payment message names it (the fund's name when it was declared).
      event('DISTRIBUTION_PART_CORRECTED', r.subscriptionId, {
        refId: r.subscriptionId,
        userIds: [inv.investorId],
        fund: d.fund,
        amount: formatMoney(result.part.amount, currency),
        paid: formatMoney(result.part.paid ?? toAmount(dec('0'), currency), currency),
      }),
    ],
  };
};

const UNITS_ZERO = '0.000000';
const units6 = (s: string) => dec(s).toFixed(6);

/**
 * What correcting an entry of a redemption request writes besides the entries: the request's dealt
 * units, proceeds and dealing row (REDEMPTION_DEALT) or its paid state (REDEMPTION_PAID), and its
 * state as the figures justify (redemption-correction.ts: CONFIRMED, PARTLY_DEALT and DEALT are dealt
 * again or paid by the ordinary runs and routes), conditional on the version read (dealing and
 * payment write it too), with REDEMPTION_CORRECTED (the subscription's status follows the state).
 * Refused: a dealt entry while proceeds are paid (redemptionHasPayment on `seq`: correct the payment
 * first), more units than asked (redemptionCorrectionOverAsked) or held (INSUFFICIENT_BALANCE) on
 * `corrected.units`, another dealing date (PARAMS_ERROR on `corrected.effectiveDate`), a payment above
 * the proceeds (INSUFFICIENT_BALANCE on `corrected.amount`).
 */
const redemptionChange = async (
  actor: Actor,
  inv: InvestmentRecord,
  ledger: readonly LedgerEntry[],
  original: LedgerEntry & { redemptionId: string },
  r: Pick<CorrectionRecord, 'corrected' | 'subscriptionId'>,
): Promise<Posting> => {
  const currency = inv.currency;
  const red = await readRedemption(actor.tenantId, original.redemptionId);
  if (!red) throw new DomainError('redemptionNotExists', { field: 'seq' });
  const paidByEntries = toAmount(netOfRecord(ledger, 'REDEMPTION_PAID', { redemptionId: red.redemptionId }), currency);
  const figures: RedemptionFigures = {
    units: red.units,
    dealtUnits: red.dealtUnits ?? UNITS_ZERO,
    proceeds: red.proceeds ?? toAmount(dec('0'), currency),
    // A request paid before payments named it counts as paid in full.
    paid: red.state === 'PAID' && dec(paidByEntries).lte(0) ? (red.proceeds ?? '0') : paidByEntries,
  };
  const corrected = r.corrected;
  let drafts: EntryDraft[];
  let next: RedemptionRecord;
  if (original.kind === 'REDEMPTION_DEALT') {
    if (corrected && corrected.effectiveDate !== original.effectiveDate) {
      throw new DomainError('PARAMS_ERROR', {
        fields: [
          {
            field: 'body.corrected.effectiveDate',
            rule: 'dealingDate',
            message: 'A dealt redemption keeps the dealing date it was dealt at',
          },
        ],
      });
    }
    const was = { units: original.units ?? UNITS_ZERO, amount: original.amount };
    const now = corrected ? { units: units6(corrected.units ?? was.units), amount: corrected.amount } : undefined;
    const result = correctDealt(figures, { original: was, ...(now ? { corrected: now } : {}) }, currency);
    if ('hasPayment' in result) throw new DomainError('redemptionHasPayment', { field: 'seq' });
    if ('overAsked' in result) {
      throw new DomainError('redemptionCorrectionOverAsked', { field: 'corrected.units', most: result.overAsked });
    }
    drafts = [
      reversalDraft(original),
      ...(now
        ? [
            {
              kind: 'REDEMPTION_DEALT' as const,
              amount: now.amount,
              units: now.units,
              effectiveDate: original.effectiveDate,
              redemptionId: red.redemptionId,
            },
          ]
        : []),
    ];
    if (now) {
      // Never more units than the investment holds once the original is reversed.
      try {
        assertCovered([...ledger, { ...original, reverses: original.id }], drafts.slice(1), currency);
      } catch (error) {
        if (error instanceof DomainError && error.code === 'INSUFFICIENT_BALANCE') {
          throw new DomainError('INSUFFICIENT_BALANCE', { ...error.details, field: 'corrected.units' });
        }
        throw error;
      }
    }
    // The run's row for this entry (one run per class and date): it shows what stands dealt.
    const dealings = red.dealings ?? [];
    const same = (d: (typeof dealings)[number]) =>
      d.dealingDate === original.effectiveDate && dec(d.units).eq(dec(was.units)) && dec(d.net).eq(dec(was.amount));
    const row = dealings.findIndex(same);
    const zero = toAmount(dec('0'), currency);
    const rows = dealings.map((d, i) =>
      i !== row
        ? d
        : now
          ? { ...d, units: now.units, net: now.amount, gross: toAmount(dec(now.amount).add(dec(d.fee)), currency) }
          : { ...d, units: UNITS_ZERO, gross: zero, fee: zero, net: zero },
    );
    next = {
      ...red,
      state: result.state,
      dealtUnits: result.figures.dealtUnits,
      proceeds: result.figures.proceeds,
      ...(red.dealings ? { dealings: rows } : {}),
      updatedAt: actor.at,
      version: red.version + 1,
    };
  } else {
    const result = correctPaid(
      figures,
      { original: original.amount, ...(corrected ? { corrected: corrected.amount } : {}) },
      currency,
    );
    if ('exceeds' in result) {
      throw new DomainError('INSUFFICIENT_BALANCE', { field: 'corrected.amount', held: result.exceeds });
    }
    drafts = draftsOf(original, r);
    const { paidOn: _paidOn, ...unpaid } = red;
    next = {
      ...(result.state === 'PAID' ? { ...red, paidOn: corrected?.effectiveDate ?? red.paidOn } : unpaid),
      state: result.state,
      updatedAt: actor.at,
      version: red.version + 1,
    } as RedemptionRecord;
  }
  const dealtUnits = next.dealtUnits ?? UNITS_ZERO;
  const proceeds = next.proceeds ?? toAmount(dec('0'), currency);
  return {
    drafts,
    steps: [putRedemption(actor.tenantId, next, red.version)],
    events: [
      event('REDEMPTION_CORRECTED', red.redemptionId, {
        refId: red.redemptionId,
        subscriptionId: red.subscriptionId,
        kind: original.kind as 'REDEMPTION_DEALT' | 'REDEMPTION_PAID',
        state: next.state,
        dealtUnits,
        proceeds,
        currency,
      }),
      // The investor's message (inbox-events.ts): what now stands dealt, formatted.
      event('REDEMPTION_FIGURES_CORRECTED', red.redemptionId, {
        refId: red.redemptionId,
        userIds: [red.investorId],
        fund: red.fund,
        units: dealtUnits,
        amount: formatMoney(proceeds, currency),
      }),
    ],
  };
};

const RECORD_KINDS = new Set(['DISTRIBUTION_DECLARED', 'DISTRIBUTION_PAID', 'REDEMPTION_DEALT', 'REDEMPTION_PAID']);

/** The entries a correction appends and what else it writes (a call's notice and the call, a distribution, a redemption). */
const postingOf = async (
  actor: Actor,
  inv: InvestmentRecord,
  ledger: readonly LedgerEntry[],
  original: LedgerEntry,
  r: Pick<CorrectionRecord, 'corrected' | 'subscriptionId'>,
): Promise<Posting> => {
  if (original.callId !== undefined) {
    return callChange(actor, inv, ledger, original as LedgerEntry & { callId: string }, r);
  }
  if (original.distributionId !== undefined) {
    return distributionChange(actor, inv, original as LedgerEntry & { distributionId: string }, r);
  }
  if (original.redemptionId !== undefined) {
    return redemptionChange(actor, inv, ledger, original as LedgerEntry & { redemptionId: string }, r);
  }
  if (RECORD_KINDS.has(original.kind)) {
    // Written before entries named their record: which distribution or request it was cannot be told
    // (matching by date and amount could pick another), so only the ledger moves.
    logger.warn('ledger correction moves the ledger only: the entry names no distribution or redemption', {
      tenantId: actor.tenantId,
      subscriptionId: r.subscriptionId,
      seq: original.seq,
      kind: original.kind,
    });
  }
  return { drafts: draftsOf(original, r), steps: [], events: [] };
};

/** Appends the correction's entries now (commit's retry re-reads the ledger, notice and call on a race). */
const postSteps = async (actor: Actor, r: CorrectionRecord) => {
  const [inv, ledger] = await Promise.all([
    investmentOr404(actor.tenantId, r.subscriptionId),
    readLedger(actor.tenantId, r.subscriptionId),
  ]);
  const original = correctable(ledger, r.seq);
  const posting = await postingOf(actor, inv, ledger, original, r);
  const append = appendSteps(actor.tenantId, actor.at, inv, ledger, posting.drafts);
  return { ...append, steps: [...append.steps, ...posting.steps], events: posting.events };
};

const postedEvent = (r: CorrectionRecord, seqs: number[]): EventDraft =>
  event('LEDGER_CORRECTION_POSTED', r.subscriptionId, {
    correctionId: r.correctionId,
    subscriptionId: r.subscriptionId,
    seqs,
  });

export const createCorrection = async (
  actor: Actor,
  role: Role,
  subscriptionId: string,
  body: CreateCorrectionBody,
): Promise<LedgerCorrection> => {
  const made = await commit(actor, async () => {
    const [inv, ledger] = await Promise.all([
      investmentOr404(actor.tenantId, subscriptionId),
      readLedger(actor.tenantId, subscriptionId),
    ]);
    const entry = correctable(ledger, body.seq);
    let corrected: CorrectionRecord['corrected'];
    if (body.corrected) {
      const amount = moneyField(body.corrected.amount, inv.currency, 'corrected.amount');
      if (dec(amount).lte(0)) {
        throw new DomainError('PARAMS_ERROR', {
          fields: [{ field: 'body.corrected.amount', rule: 'positive', message: 'Must be more than 0' }],
        });
      }
      corrected = {
        amount,
        effectiveDate: body.corrected.effectiveDate ?? entry.effectiveDate,
        ...(body.corrected.units !== undefined ? { units: dec(body.corrected.units).toFixed(6) } : {}),
      };
    }
    const state: CorrectionState = initialCorrectionState(entry.kind, role);
    const draft: CorrectionRecord = {
      correctionId: newId(),
      subscriptionId,
      investorId: inv.investorId,
      fund: inv.fund,
      currency: inv.currency,
      seq: entry.seq,
      entry: {
        kind: entry.kind,
        amount: entry.amount,
        effectiveDate: entry.effectiveDate,
        ...(entry.units !== undefined ? { units: entry.units } : {}),
      },
      ...(entry.callId !== undefined ? { callId: entry.callId } : {}),
      ...(entry.distributionId !== undefined ? { distributionId: entry.distributionId } : {}),
      ...(entry.redemptionId !== undefined ? { redemptionId: entry.redemptionId } : {}),
      ...(corrected ? { corrected } : {}),
      reason: body.reason,
      movesMoney: MONEY_MOVING_KINDS.has(entry.kind),
      state,
      preparedBy: actor.userId,
      createdAt: actor.at,
      updatedAt: actor.at,
      version: 1,
    };
    // Judged now even when it waits (appendEntry refuses a reversal that does not mirror its original;
    // a call's notice refuses a payment over what it calls), so a correction that could never post is
    // refused before anyone is asked to approve it. Judged again, on fresh reads, when it posts.
    const posting = await postingOf(actor, inv, ledger, entry, draft);
    const append = appendSteps(actor.tenantId, actor.at, inv, ledger, posting.drafts);
    const prepared = event('LEDGER_CORRECTION_PREPARED', subscriptionId, {
      correctionId: draft.correctionId,
      subscriptionId,
      seq: entry.seq,
      reason: body.reason,
    });
    if (state === 'PENDING')
      return { steps: [put(actor.tenantId, draft, undefined)], events: [prepared], result: draft };
    const seqs = append.entries.map((e) => e.seq);
    const posted: CorrectionRecord = { ...draft, decidedBy: actor.userId, postedSeqs: seqs };
    return {
      steps: [put(actor.tenantId, posted, undefined), ...append.steps, ...posting.steps],
      events: [prepared, postedEvent(posted, seqs), ...posting.events],
      result: posted,
    };
  });
  return view(made, actor, role);
};

const correctionOr404 = async (tenantId: string, correctionId: string): Promise<CorrectionRecord> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.ledgerCorrection(tenantId, correctionId),
      ConsistentRead: true,
    }),
  );
  if (!Item) throw new DomainError('ledgerCorrectionNotExists');
  return recordOf(Item);
};

export const decideCorrection = async (
  actor: Actor,
  role: Role,
  correctionId: string,
  body: { event: 'APPROVE' | 'REJECT'; comment?: string },
): Promise<LedgerCorrection> => {
  const decided = await commit(actor, async () => {
    const r = await correctionOr404(actor.tenantId, correctionId);
    const state = CORRECTION_LIFECYCLE.next(r.state, body.event, role, {
      actorId: actor.userId,
      preparedBy: r.preparedBy,
    });
    const base: CorrectionRecord = {
      ...r,
      state,
      decidedBy: actor.userId,
      ...(body.comment ? { comment: body.comment } : {}),
      updatedAt: actor.at,
      version: r.version + 1,
    };
    if (state === 'REJECTED') {
      return {
        steps: [put(actor.tenantId, base, r.version)],
        events: [
          event('LEDGER_CORRECTION_REJECTED', r.subscriptionId, { correctionId, subscriptionId: r.subscriptionId }),
        ],
        result: base,
      };
    }
    const append = await postSteps(actor, r);
    const seqs = append.entries.map((e) => e.seq);
    const next: CorrectionRecord = { ...base, postedSeqs: seqs };
    return {
      steps: [put(actor.tenantId, next, r.version), ...append.steps],
      events: [postedEvent(next, seqs), ...append.events],
      result: next,
    };
  });
  return view(decided, actor, role);
};

export const listCorrections = async (
  actor: Actor,
  role: Role,
  state?: CorrectionState,
): Promise<{ items: LedgerCorrection[] }> => {
  const items = (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.ledgerCorrectionsIndexPk(actor.tenantId) },
      ScanIndexForward: false,
    })
  )
    .map(recordOf)
    .filter((r) => state === undefined || r.state === state);
  return { items: items.map((r) => view(r, actor, role)) };
};
