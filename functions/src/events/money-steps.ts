import type { SubscriptionStatus } from '@tranche/shared/subscription/statuses';
import type { SubscriptionEvent } from '@tranche/shared/subscription/subscription-lifecycle';

/** From a subscription status towards the notice's, one lifecycle event at a time (undefined: there). */
export const stepTowards = (from: SubscriptionStatus, to: SubscriptionStatus): SubscriptionEvent | undefined => {
  if (from === to) return undefined;
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
