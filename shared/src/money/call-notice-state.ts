import { GP_ADMINS, GP_ROLES, type Role } from '../auth/roles.js';
import { defineLifecycle } from '../lifecycle/lifecycle.js';
import { dec } from './decimal.js';

import { CALL_NOTICE_STATES, type CallNoticeState } from './money-enums.js';

export { CALL_NOTICE_STATES, type CallNoticeState };

export const CALL_NOTICE_EVENTS = ['RECORD_FUNDS', 'CONFIRM_RECEIPT', 'MARK_INVESTED'] as const;
export type CallNoticeEvent = (typeof CALL_NOTICE_EVENTS)[number];

/** What the guards need: the notice's amount and what the ledger holds as paid against it. */
export interface CallNoticeContext {
  /** The investor's part of the call (allocation.ts), decimal string. */
  due: string;
  /** PAYMENT entries against the call, net of reversals, decimal string. */
  paid: string;
}

/**
 * One investor's notice of a capital call: the manager records funds as they arrive (partial or
 * whole, each a PAYMENT ledger entry; the notice stays FUNDS_RECEIVED until confirmed), an admin
 * confirms receipt once the whole part is paid (capitalCallOutstanding otherwise), and the money is
 * then marked invested. Recording more funds after confirmation is refused: a correction goes through
 * reversing entries and a fresh record, not a silent change to a confirmed receipt.
 *
 *   OUTSTANDING --RECORD_FUNDS--> FUNDS_RECEIVED --CONFIRM_RECEIPT--> RECEIPT_CONFIRMED --MARK_INVESTED--> INVESTED
 *                                  (RECORD_FUNDS again while partial)
 */
export const CALL_NOTICE_LIFECYCLE = defineLifecycle<CallNoticeState, CallNoticeEvent, Role, CallNoticeContext>({
  name: 'capitalCallNotice',
  states: CALL_NOTICE_STATES,
  events: CALL_NOTICE_EVENTS,
  initial: ['OUTSTANDING'],
  terminal: ['INVESTED'],
  transitions: {
    OUTSTANDING: { RECORD_FUNDS: 'FUNDS_RECEIVED' },
    FUNDS_RECEIVED: { RECORD_FUNDS: 'FUNDS_RECEIVED', CONFIRM_RECEIPT: 'RECEIPT_CONFIRMED' },
    RECEIPT_CONFIRMED: { MARK_INVESTED: 'INVESTED' },
    INVESTED: {},
  },
  actors: { RECORD_FUNDS: GP_ROLES, CONFIRM_RECEIPT: GP_ADMINS, MARK_INVESTED: GP_ADMINS },
  guards: {
    RECORD_FUNDS: ({ due, paid }) => (dec(paid).gte(dec(due)) ? 'capitalCallPaidInFull' : undefined),
    CONFIRM_RECEIPT: ({ due, paid }) => (dec(paid).lt(dec(due)) ? 'capitalCallOutstanding' : undefined),
  },
  labels: {
    states: {
      OUTSTANDING: { en: 'Capital call outstanding', 'zh-CN': '催缴待付' },
      FUNDS_RECEIVED: { en: 'Funds received', 'zh-CN': '已收到资金' },
      RECEIPT_CONFIRMED: { en: 'Receipt confirmed', 'zh-CN': '已确认收款' },
      INVESTED: { en: 'Invested', 'zh-CN': '已投资' },
    },
    events: {
      RECORD_FUNDS: { en: 'Record funds received', 'zh-CN': '登记收到的资金' },
      CONFIRM_RECEIPT: { en: 'Confirm receipt', 'zh-CN': '确认收款' },
      MARK_INVESTED: { en: 'Mark invested', 'zh-CN': '标记为已投资' },
    },
  },
});

/**
 * The spec's subscription status for a notice (CAPITAL_CALL_OUTSTANDING, FUND_RECEIVED,
 * RECEIPT_CONFIRMED, INVESTED, FULLY_INVESTED): once invested, FULLY_INVESTED when nothing of the
 * commitment is left undrawn (the balance's `undrawn`), INVESTED otherwise.
 */
export const subscriptionStatusForNotice = (
  state: CallNoticeState,
  undrawn: string,
): 'CAPITAL_CALL_OUTSTANDING' | 'FUND_RECEIVED' | 'RECEIPT_CONFIRMED' | 'INVESTED' | 'FULLY_INVESTED' => {
  switch (state) {
    case 'OUTSTANDING':
      return 'CAPITAL_CALL_OUTSTANDING';
    case 'FUNDS_RECEIVED':
      return 'FUND_RECEIVED';
    case 'RECEIPT_CONFIRMED':
      return 'RECEIPT_CONFIRMED';
    case 'INVESTED':
      return dec(undrawn).lte(0) ? 'FULLY_INVESTED' : 'INVESTED';
  }
};
