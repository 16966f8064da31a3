import type { Role } from '@tranche/shared/auth/roles';
import {
  CORRECTION_LIFECYCLE,
  type CorrectionState,
  initialCorrectionState,
  MONEY_MOVING_KINDS,
} from '@tranche/shared/money/correction-state';
import { dec } from '@tranche/shared/money/decimal';
import type { LedgerEntry } from '@tranche/shared/money/ledger';
import type { CreateCorrectionBody, InvestmentLedger, LedgerCorrection } from '@tranche/shared/money/money.schema';
import type { Actor } from '#lib/audit';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { commit, type EventDraft, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { appendSteps, type EntryDraft, type InvestmentRecord, readInvestment, readLedger } from './investment.repo.js';
import { moneyField } from './money-input.js';
import { recordReader, versionGuard } from './records.js';

/**
 * Ledger corrections (issue 14, docs/money.md "Notices, currency, reversals"). The ledger is
 * append-only: a manager corrects an entry by a REVERSAL of it (ledger.ts `reversalOf`: same kind,
 * amount, units and date, `reverses` naming it) and, optionally, the entry as it should have been.
 * Entries that recorded money that moved wait for a second person (correction-state.ts); the rest
 * post at once when an admin prepares them. Balances and every dashboard figure follow, since they are
 * derived from the entries. The correction record, its decision and the append are one commit, with
 * the event that is the audit trail (in the investment's partition).
 *
 * Entries of a capital call (CALL, and the PAYMENT and FEE recorded against a notice) are refused
 * here: the call's notice keeps what was paid against it, and a reversal the notice does not know
 * about would make the two disagree. They are corrected on the call (docs/money.md "What is left").
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

/** The entry at `seq`, correctable: not a reversal, not reversed yet, not a capital call's. */
const correctable = (ledger: readonly LedgerEntry[], seq: number): LedgerEntry => {
  const entry = ledger.find((e) => e.seq === seq);
  if (!entry) throw new DomainError('ledgerEntryNotExists', { field: 'seq' });
  if (entry.reverses !== undefined || ledger.some((e) => e.reverses === entry.id)) {
    throw new DomainError('ledgerReversalInvalid', { entryId: entry.id, field: 'seq' });
  }
  if (entry.callId !== undefined) throw new DomainError('ledgerEntryOfCall', { callId: entry.callId, field: 'seq' });
  return entry;
};

/** Appends the correction's entries now (commit's retry re-reads the ledger on a race). */
const postSteps = async (actor: Actor, r: CorrectionRecord) => {
  const [inv, ledger] = await Promise.all([
    investmentOr404(actor.tenantId, r.subscriptionId),
    readLedger(actor.tenantId, r.subscriptionId),
  ]);
  const original = correctable(ledger, r.seq);
  return appendSteps(actor.tenantId, actor.at, inv, ledger, draftsOf(original, r));
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
      ...(corrected ? { corrected } : {}),
      reason: body.reason,
      movesMoney: MONEY_MOVING_KINDS.has(entry.kind),
      state,
      preparedBy: actor.userId,
      createdAt: actor.at,
      updatedAt: actor.at,
      version: 1,
    };
    // Judged now even when it waits (appendEntry refuses a reversal that does not mirror its original),
    // so a correction that could never post is refused before anyone is asked to approve it.
    const append = appendSteps(actor.tenantId, actor.at, inv, ledger, draftsOf(entry, draft));
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
      steps: [put(actor.tenantId, posted, undefined), ...append.steps],
      events: [prepared, postedEvent(posted, seqs)],
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
      events: [postedEvent(next, seqs)],
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
