import { GP_ADMINS, GP_ROLES, type Role } from '../auth/roles.js';
import { defineLifecycle } from '../lifecycle/lifecycle.js';

export const REDEMPTION_STATES = [
  'REQUESTED',
  'NEEDS_CHANGES',
  'CONFIRMED',
  'PARTLY_DEALT',
  'DEALT',
  'PAID',
  'REJECTED',
  'WITHDRAWN',
] as const;
export type RedemptionState = (typeof REDEMPTION_STATES)[number];

export const REDEMPTION_EVENTS = [
  'AMEND',
  'WITHDRAW',
  'REQUEST_CHANGES',
  'CONFIRM',
  'REJECT',
  'DEAL_PART',
  'DEAL_REST',
  'PAY',
] as const;
export type RedemptionEvent = (typeof REDEMPTION_EVENTS)[number];

/**
 * The subscription status a redemption leaves behind (spec: REDEMPTION_PENDING, PARTIALLY_REDEEMED,
 * FULLY_REDEEMED); `fullHolding` says whether the request covered every unit held. A withdrawn or
 * rejected request leaves the subscription as it was (undefined).
 */
export const subscriptionStatusForRedemption = (
  state: RedemptionState,
  fullHolding: boolean,
): 'REDEMPTION_PENDING' | 'PARTIALLY_REDEEMED' | 'FULLY_REDEEMED' | undefined => {
  switch (state) {
    case 'REQUESTED':
    case 'NEEDS_CHANGES':
    case 'CONFIRMED':
      return 'REDEMPTION_PENDING';
    case 'PARTLY_DEALT':
      return 'PARTIALLY_REDEEMED';
    case 'DEALT':
    case 'PAID':
      return fullHolding ? 'FULLY_REDEEMED' : 'PARTIALLY_REDEEMED';
    default:
      return undefined;
  }
};

/**
 * A redemption request (DOMAIN.md "Open-ended funds"; spec events "requested, confirmed, or needs
 * changes", task "Amend your redemption"). The investor (LP) requests — a record is created in
 * REQUESTED once the notice-period check of dealing.ts passed — amends when asked, and may withdraw
 * until the manager confirms. The manager confirms, rejects or asks for changes; at the dealing date a
 * gate may deal only part (DEAL_PART, the rest carried forward to the next date, dealing.ts applyGate)
 * until the rest deals (DEAL_REST); finance then confirms the transfer (PAY: the spec's
 * REDEMPTION_FINANCE_CONFIRMS_TRANSFER). Confirming, rejecting and paying are admin decisions.
 *
 *   REQUESTED --CONFIRM--> CONFIRMED --DEAL_PART--> PARTLY_DEALT --DEAL_REST--> DEALT --PAY--> PAID
 *       |  ^                   '---------------DEAL_REST----------------------^
 *       |  '--AMEND-- NEEDS_CHANGES <--REQUEST_CHANGES--'
 *   REQUESTED --REJECT--> REJECTED;  REQUESTED, NEEDS_CHANGES --WITHDRAW--> WITHDRAWN
 */
export const REDEMPTION_LIFECYCLE = defineLifecycle<RedemptionState, RedemptionEvent, Role>({
  name: 'redemption',
  states: REDEMPTION_STATES,
  events: REDEMPTION_EVENTS,
  initial: ['REQUESTED'],
  terminal: ['PAID', 'REJECTED', 'WITHDRAWN'],
  transitions: {
    REQUESTED: { CONFIRM: 'CONFIRMED', REQUEST_CHANGES: 'NEEDS_CHANGES', REJECT: 'REJECTED', WITHDRAW: 'WITHDRAWN' },
    NEEDS_CHANGES: { AMEND: 'REQUESTED', WITHDRAW: 'WITHDRAWN' },
    CONFIRMED: { DEAL_PART: 'PARTLY_DEALT', DEAL_REST: 'DEALT' },
    PARTLY_DEALT: { DEAL_PART: 'PARTLY_DEALT', DEAL_REST: 'DEALT' },
    DEALT: { PAY: 'PAID' },
    PAID: {},
    REJECTED: {},
    WITHDRAWN: {},
  },
  actors: {
    AMEND: ['LP'],
    WITHDRAW: ['LP'],
    REQUEST_CHANGES: GP_ROLES,
    CONFIRM: GP_ADMINS,
    REJECT: GP_ADMINS,
    DEAL_PART: GP_ROLES,
    DEAL_REST: GP_ROLES,
    PAY: GP_ADMINS,
  },
  labels: {
    states: {
      REQUESTED: { en: 'Requested', 'zh-CN': '已申请' },
      NEEDS_CHANGES: { en: 'Needs changes', 'zh-CN': '需修改' },
      CONFIRMED: { en: 'Confirmed', 'zh-CN': '已确认' },
      PARTLY_DEALT: { en: 'Partly dealt (gated)', 'zh-CN': '部分成交（受闸门限制）' },
      DEALT: { en: 'Dealt', 'zh-CN': '已成交' },
      PAID: { en: 'Paid', 'zh-CN': '已支付' },
      REJECTED: { en: 'Rejected', 'zh-CN': '已拒绝' },
      WITHDRAWN: { en: 'Withdrawn', 'zh-CN': '已撤回' },
    },
    events: {
      AMEND: { en: 'Amend your redemption', 'zh-CN': '修改您的赎回' },
      WITHDRAW: { en: 'Withdraw', 'zh-CN': '撤回' },
      REQUEST_CHANGES: { en: 'Ask for changes', 'zh-CN': '要求修改' },
      CONFIRM: { en: 'Confirm', 'zh-CN': '确认' },
      REJECT: { en: 'Reject', 'zh-CN': '拒绝' },
      DEAL_PART: { en: 'Deal part (gate)', 'zh-CN': '部分成交（闸门）' },
      DEAL_REST: { en: 'Deal the rest', 'zh-CN': '成交剩余部分' },
      PAY: { en: 'Confirm transfer', 'zh-CN': '确认转账' },
    },
  },
});
