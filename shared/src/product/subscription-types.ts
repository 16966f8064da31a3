import {
  type InvestmentPermission,
  type ProductOpenness,
  type ProductState,
  SUBSCRIPTION_TYPES_BY_PERMISSION,
  type SubscriptionType,
} from '../enums.js';

export interface OfferFacts {
  state: ProductState;
  openness: ProductOpenness;
  investmentPermission: InvestmentPermission;
}

/**
 * The subscription types an investor is offered on a product right now. The investment permission
 * sets the ceiling (SUBSCRIPTION_TYPES_BY_PERMISSION); then:
 *  - only a PUBLISHED product takes new money: a DRAFT is a preview, a CLOSED product is shown
 *    with no actions;
 *  - openness CLOSED offers nothing, COMING_SOON offers at most an expression of interest
 *    (a soft circle before the raise opens); OPEN and CLOSING_SOON offer all the permission allows.
 * COMMON_SUBSCRIPTION ("Add manually") is the GP's own entry and is never offered to investors.
 * The API sends the result as `allowedSubscriptionTypes`; the web shows exactly these actions.
 */
/** Closed to new money, whether by its lifecycle (CLOSED) or its openness (CLOSED): shown with no actions. */
export const isProductClosed = (p: { state?: ProductState | undefined; openness: ProductOpenness }): boolean =>
  p.state === 'CLOSED' || p.openness === 'CLOSED';

export const allowedSubscriptionTypes = (p: OfferFacts): SubscriptionType[] => {
  if (p.state !== 'PUBLISHED' || isProductClosed(p)) return [];
  const permitted = SUBSCRIPTION_TYPES_BY_PERMISSION[p.investmentPermission];
  if (p.openness === 'COMING_SOON') return permitted.filter((t) => t === 'EXPRESSED_INTEREST_SUBSCRIPTION');
  return [...permitted];
};
