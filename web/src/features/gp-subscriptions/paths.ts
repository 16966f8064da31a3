// features/gp-subscriptions' light entry: links into the manager's subscription screens from other
// features (a fund page's "Add manually", the console's menu) without loading them.

/** The subscription queue. */
export const GP_SUBSCRIPTIONS_PATH = '/gp/subscriptions';

/** One subscription's case page. */
export const gpSubscriptionPath = (subscriptionId: string): string => `${GP_SUBSCRIPTIONS_PATH}/${subscriptionId}`;

/** "Add manually" (COMMON_SUBSCRIPTION, spec section 3) for a fund: an offline order with its signed copy. */
export const addManuallyPath = (productId: string): string =>
  `${GP_SUBSCRIPTIONS_PATH}/new?productId=${encodeURIComponent(productId)}`;
