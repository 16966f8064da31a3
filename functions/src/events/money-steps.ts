import type { Currency } from '@tranche/shared/currency';
import { type MoneyStatus, reversalStep, subscriptionStatusForNotices } from '@tranche/shared/money/call-correction';
import { type CallNoticeState, subscriptionStatusForNotice } from '@tranche/shared/money/call-notice-state';
import type { SubscriptionStatus } from '@tranche/shared/subscription/statuses';
import type { SubscriptionEvent } from '@tranche/shared/subscription/subscription-lifecycle';

/**
 * From a subscription status towards the notices', one lifecycle event at a time (undefined: there).
 * Money moves it forward; only a correction that took money back (`undo`) moves it back
 * (call-correction.ts `reversalStep`), so a new call or a payment never undoes a status.
 */
export const stepTowards = (
  from: SubscriptionStatus,
  to: SubscriptionStatus,
  undo = false,
): SubscriptionEvent | undefined => {
  if (from === to) return undefined;
  if (undo && (to === 'CAPITAL_CALL_OUTSTANDING' || to === 'FUND_RECEIVED')) {
    const back = reversalStep(from, to);
    if (back) return back;
  }
  switch (from) {
    case 'COMMITTED':
      return 'ISSUE_CAPITAL_CALL';
    case 'INVESTED':
      return to === 'FULLY_INVESTED' ? undefined : 'ISSUE_CAPITAL_CALL';
    case 'CAPITAL_CALL_OUTSTANDING':
      return 'RECEIVE_FUNDS';
    case 'FUND_RECEIVED':
      return to === 'CAPITAL_CALL_OUTSTANDING' ? undefined : 'CONFIRM_RECEIPT';
    case 'RECEIPT_CONFIRMED':
      return to === 'FULLY_INVESTED' ? 'MARK_FULLY_INVESTED' : to === 'INVESTED' ? 'MARK_INVESTED' : undefined;
    default:
      // Redeeming, closed, or a status money does not drive: leave it alone.
      return undefined;
  }
};

/**
 * Where `moneySubscriptionStatus` takes a subscription on an event about the notice of `callId`: the
 * status its notices justify (call-correction.ts `subscriptionStatusForNotices`), and whether it may
 * step back there: only for a correction (`correction`), and only to where the corrected notice itself
 * now stands, so a FEE correction, or one of an earlier call while a later call is outstanding, undoes
 * nothing. Undefined when the notice is not among them or no notice calls anything.
 */
export const noticesTarget = (
  notices: readonly { callId: string; state: CallNoticeState; amount: string }[],
  callId: string,
  correction: boolean,
  undrawn: string,
  currency: Currency,
): { target: MoneyStatus; undo: boolean } | undefined => {
  const notice = notices.find((n) => n.callId === callId);
  const target = notice && subscriptionStatusForNotices(notices, undrawn, currency);
  if (!notice || !target) return undefined;
  return { target, undo: correction && subscriptionStatusForNotice(notice.state, undrawn) === target };
};
