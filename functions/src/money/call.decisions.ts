import type { Role } from '@tranche/shared/auth/roles';
import { DEFAULT_NOTICE_BUSINESS_DAYS, defaultDueDate, givesEnoughNotice } from '@tranche/shared/money/calendar';
import { CAPITAL_CALL_LIFECYCLE } from '@tranche/shared/money/capital-call-state';
import { holidaysOf } from '@tranche/shared/money/holidays';
import type { Actor } from '#lib/audit';
import { commit, event } from '#lib/db/commit';
import { DomainError } from '#lib/errors';
import { type AllocationRow, type CallRecord, callOr404, putCall } from './call.records.js';
import { type InvestmentRecord, investmentsOfProduct } from './investment.reads.js';
import { toMinor } from './minor.js';
import { todayOf } from './money-text.js';

/**
 * A call's decisions before money moves (docs/money.md "Capital calls"): approve (not its preparer:
 * capitalCallFourEyes), return to draft, cancel, issue. Issuing re-checks every part against the
 * undrawn commitment read now (other calls may have drawn on it since the draft), in integer minor
 * units, so this module carries no decimal library.
 */

export const noticeTooShort = () =>
  new DomainError('capitalCallNoticeTooShort', { field: 'dueDate', minimum: DEFAULT_NOTICE_BUSINESS_DAYS });

/** Each part within its investor's undrawn commitment (capitalCallOverdraws names the first that is not). */
export const assertFits = (rows: readonly AllocationRow[], investments: readonly InvestmentRecord[]) => {
  const byId = new Map(investments.map((i) => [i.subscriptionId, i] as const));
  for (const row of rows) {
    const inv = byId.get(row.subscriptionId);
    if (!inv || toMinor(row.amount, inv.currency) > toMinor(inv.balances.undrawn, inv.currency)) {
      throw new DomainError('capitalCallOverdraws', { field: 'amount', investorId: row.subscriptionId });
    }
  }
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
