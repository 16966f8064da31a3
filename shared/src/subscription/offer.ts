import { isGp, type Role } from '../auth/roles.js';
import type { SubscriptionType } from '../enums.js';
import { allowedSubscriptionTypes, isProductClosed, type OfferFacts } from '../product/subscription-types.js';

/** Who is looking at the fund page; absent for a visitor who is not signed in (they see the investor's offer). */
export interface OfferViewer {
  role: Role;
  /**
   * The investor's eligibility evidence has expired (DOMAIN.md: "expired eligibility blocks new
   * subscriptions until renewed"). Only binding types are withheld: an expression of interest is a
   * non-binding soft circle, so it stays on offer.
   */
  eligibilityExpired?: boolean | undefined;
}

const BINDING: ReadonlySet<SubscriptionType> = new Set(['RESERVE_SUBSCRIPTION', 'INVEST_SUBSCRIPTION']);

/**
 * The subscription types a fund offers to this viewer, in the spec's order (Express interest,
 * Reserve, Add manually, Invest): the buttons the fund page shows, and the set createSubscription
 * accepts (any other type is its 422).
 *
 * - Investors (and visitors): allowedSubscriptionTypes (product/subscription-types.ts): the
 *   investment permission's ceiling (ONLY_EXPRESS_INTEREST: Express interest only;
 *   INVESTMENT_NOT_ALLOWED: nothing), nothing on a closed or unpublished fund, only Express interest
 *   while it is COMING_SOON; minus Reserve and Invest while their eligibility is expired.
 * - The manager's team: only Add manually, on a published fund that is not closed and whose
 *   permission allows investment at all (a paper order is an investment; ONLY_EXPRESS_INTEREST and
 *   INVESTMENT_NOT_ALLOWED refuse it as they refuse Invest). A manager does not express interest or
 *   reserve in their own fund on anyone's behalf; COMING_SOON still accepts a paper order, because
 *   the manager decides when money is taken.
 */
export const offeredSubscriptionTypes = (product: OfferFacts, viewer?: OfferViewer): SubscriptionType[] => {
  if (viewer && isGp(viewer.role)) {
    const open = product.state === 'PUBLISHED' && !isProductClosed(product);
    return open && product.investmentPermission === 'ALLOW_INVESTMENT' ? ['COMMON_SUBSCRIPTION'] : [];
  }
  const offered = allowedSubscriptionTypes(product);
  return viewer?.eligibilityExpired ? offered.filter((t) => !BINDING.has(t)) : offered;
};
