// features/subscriptions' light entry: where a subscription journey starts and where one is followed.
// The fund page (products) and the inbox link here; no zod, no screens.
import type { SubscriptionType } from '@tranche/shared/enums';

/** URL segments of the journeys an investor starts from a fund page (Add manually is the manager's). */
export const SUBSCRIBE_PATHS = {
  EXPRESSED_INTEREST_SUBSCRIPTION: 'express-interest',
  RESERVE_SUBSCRIPTION: 'reserve',
  INVEST_SUBSCRIPTION: 'invest',
} as const satisfies Partial<Record<SubscriptionType, string>>;
export type InvestorSubscriptionType = keyof typeof SUBSCRIBE_PATHS;

export const isInvestorSubscriptionType = (type: SubscriptionType): type is InvestorSubscriptionType =>
  type in SUBSCRIBE_PATHS;

/** The journey a fund page's button starts: `/products/<id>/subscribe/<segment>`. */
export const subscribePath = (productId: string, type: InvestorSubscriptionType): string =>
  `/products/${productId}/subscribe/${SUBSCRIBE_PATHS[type]}`;

/** The type a `/subscribe/<segment>` names, if any. */
export const typeOfSubscribePath = (segment: string | undefined): InvestorSubscriptionType | undefined =>
  (Object.entries(SUBSCRIBE_PATHS) as [InvestorSubscriptionType, string][]).find(([, s]) => s === segment)?.[0];

/** A subscription's own page: the scenario runner while the investor has steps, its status after. */
export const subscriptionPath = (subscriptionId: string): string => `/subscriptions/${subscriptionId}`;
