import { GP_ADMINS, GP_ROLES, type Role } from '../auth/roles.js';
import { defineLifecycle } from '../lifecycle/lifecycle.js';

export const CAPITAL_CALL_STATES = ['DRAFT', 'APPROVED', 'ISSUED', 'PARTLY_PAID', 'PAID', 'CANCELLED'] as const;
export type CapitalCallState = (typeof CAPITAL_CALL_STATES)[number];

export const CAPITAL_CALL_EVENTS = [
  'APPROVE',
  'RETURN_TO_DRAFT',
  'ISSUE',
  'RECORD_PART_PAYMENT',
  'RECORD_FINAL_PAYMENT',
  'CANCEL',
] as const;
export type CapitalCallEvent = (typeof CAPITAL_CALL_EVENTS)[number];

/** The spec's capital-call status for each state ("Transaction and capital-call statuses"); none before issue. */
export const CAPITAL_CALL_SPEC_STATUS: Record<CapitalCallState, 'PENDING' | 'RECEIVED' | 'PAID' | undefined> = {
  DRAFT: undefined,
  APPROVED: undefined,
  ISSUED: 'PENDING',
  PARTLY_PAID: 'RECEIVED',
  PAID: 'PAID',
  CANCELLED: undefined,
};

/** What the guards need: who acts, who prepared the call, and whether the payments now cover it. */
export interface CapitalCallContext {
  actorId: string;
  preparedBy: string;
  /** After the payment being recorded, nothing is outstanding on any notice of the call. */
  paidInFull: boolean;
}

/**
 * A capital call across its investors (the notices are split by allocation.ts).
 *
 *   DRAFT --APPROVE (four eyes)--> APPROVED --ISSUE--> ISSUED --RECORD_PART_PAYMENT--> PARTLY_PAID
 *     ^------RETURN_TO_DRAFT-------'                    '----RECORD_FINAL_PAYMENT--> PAID <--'
 *   DRAFT, APPROVED --CANCEL--> CANCELLED
 *
 * Four eyes: the preparer cannot approve (capitalCallFourEyes), whatever their role. Members prepare;
 * approving, issuing and cancelling are decisions for admins and owners. Payments are recorded by any
 * GP member; which payment event applies is decided by what is left outstanding, and the guard refuses
 * the wrong one, so the state always says whether money is still due. Once issued, a call is not
 * cancelled: notices went out and money may have moved; a mistake is corrected by reversing ledger
 * entries (ledger.ts), which keeps the history.
 */
export const CAPITAL_CALL_LIFECYCLE = defineLifecycle<CapitalCallState, CapitalCallEvent, Role, CapitalCallContext>({
  name: 'capitalCall',
  states: CAPITAL_CALL_STATES,
  events: CAPITAL_CALL_EVENTS,
  initial: ['DRAFT'],
  terminal: ['PAID', 'CANCELLED'],
  transitions: {
    DRAFT: { APPROVE: 'APPROVED', CANCEL: 'CANCELLED' },
    APPROVED: { ISSUE: 'ISSUED', RETURN_TO_DRAFT: 'DRAFT', CANCEL: 'CANCELLED' },
    ISSUED: { RECORD_PART_PAYMENT: 'PARTLY_PAID', RECORD_FINAL_PAYMENT: 'PAID' },
    PARTLY_PAID: { RECORD_PART_PAYMENT: 'PARTLY_PAID', RECORD_FINAL_PAYMENT: 'PAID' },
    PAID: {},
    CANCELLED: {},
  },
  actors: {
    APPROVE: GP_ADMINS,
    RETURN_TO_DRAFT: GP_ADMINS,
    ISSUE: GP_ADMINS,
    RECORD_PART_PAYMENT: GP_ROLES,
    RECORD_FINAL_PAYMENT: GP_ROLES,
    CANCEL: GP_ADMINS,
  },
  guards: {
    APPROVE: ({ actorId, preparedBy }) => (actorId === preparedBy ? 'capitalCallFourEyes' : undefined),
    RECORD_PART_PAYMENT: ({ paidInFull }) => (paidInFull ? 'capitalCallPaidInFull' : undefined),
    RECORD_FINAL_PAYMENT: ({ paidInFull }) => (paidInFull ? undefined : 'capitalCallOutstanding'),
  },
  labels: {
    states: {
      DRAFT: { en: 'Draft', 'zh-CN': '草稿' },
      APPROVED: { en: 'Approved', 'zh-CN': '已批准' },
      ISSUED: { en: 'Issued', 'zh-CN': '已发出' },
      PARTLY_PAID: { en: 'Partly paid', 'zh-CN': '部分已付' },
      PAID: { en: 'Paid', 'zh-CN': '已付清' },
      CANCELLED: { en: 'Cancelled', 'zh-CN': '已取消' },
    },
    events: {
      APPROVE: { en: 'Approve', 'zh-CN': '批准' },
      RETURN_TO_DRAFT: { en: 'Return to draft', 'zh-CN': '退回草稿' },
      ISSUE: { en: 'Issue', 'zh-CN': '发出' },
      RECORD_PART_PAYMENT: { en: 'Record part payment', 'zh-CN': '登记部分付款' },
      RECORD_FINAL_PAYMENT: { en: 'Record final payment', 'zh-CN': '登记最终付款' },
      CANCEL: { en: 'Cancel', 'zh-CN': '取消' },
    },
  },
});
