import { describe, expect, it } from 'vitest';
import type { Role } from '../auth/roles.js';
import type { InvestmentPermission, ProductOpenness, ProductState, SubscriptionType } from '../enums.js';
import { type OfferViewer, offeredSubscriptionTypes } from './offer.js';

const EI = 'EXPRESSED_INTEREST_SUBSCRIPTION';
const RS = 'RESERVE_SUBSCRIPTION';
const AM = 'COMMON_SUBSCRIPTION';
const IN = 'INVEST_SUBSCRIPTION';

type Row = [ProductState, ProductOpenness, InvestmentPermission, OfferViewer | undefined, SubscriptionType[]];
const lp = (eligibilityExpired?: boolean): OfferViewer => ({ role: 'LP', eligibilityExpired });
const gp = (role: Role): OfferViewer => ({ role });

// state, openness, permission, viewer -> what the fund page offers
const CASES: Row[] = [
  ['PUBLISHED', 'OPEN', 'ALLOW_INVESTMENT', lp(), [EI, RS, IN]],
  ['PUBLISHED', 'CLOSING_SOON', 'ALLOW_INVESTMENT', lp(), [EI, RS, IN]],
  ['PUBLISHED', 'OPEN', 'ALLOW_INVESTMENT', undefined, [EI, RS, IN]],
  ['PUBLISHED', 'OPEN', 'ONLY_EXPRESS_INTEREST', lp(), [EI]],
  ['PUBLISHED', 'OPEN', 'INVESTMENT_NOT_ALLOWED', lp(), []],
  ['PUBLISHED', 'COMING_SOON', 'ALLOW_INVESTMENT', lp(), [EI]],
  ['PUBLISHED', 'COMING_SOON', 'INVESTMENT_NOT_ALLOWED', lp(), []],
  // A closed fund takes no new money: no Invest, nor anything else.
  ['PUBLISHED', 'CLOSED', 'ALLOW_INVESTMENT', lp(), []],
  ['CLOSED', 'OPEN', 'ALLOW_INVESTMENT', lp(), []],
  ['DRAFT', 'OPEN', 'ALLOW_INVESTMENT', lp(), []],
  // Expired eligibility: only the non-binding interest remains.
  ['PUBLISHED', 'OPEN', 'ALLOW_INVESTMENT', lp(true), [EI]],
  ['PUBLISHED', 'OPEN', 'ONLY_EXPRESS_INTEREST', lp(true), [EI]],
  // Add manually: the manager's team only, where investment is allowed and the fund is open.
  ['PUBLISHED', 'OPEN', 'ALLOW_INVESTMENT', gp('GP_MEMBER'), [AM]],
  ['PUBLISHED', 'CLOSING_SOON', 'ALLOW_INVESTMENT', gp('GP_ADMIN'), [AM]],
  ['PUBLISHED', 'COMING_SOON', 'ALLOW_INVESTMENT', gp('GP_OWNER'), [AM]],
  ['PUBLISHED', 'OPEN', 'ONLY_EXPRESS_INTEREST', gp('GP_OWNER'), []],
  ['PUBLISHED', 'OPEN', 'INVESTMENT_NOT_ALLOWED', gp('GP_ADMIN'), []],
  ['PUBLISHED', 'CLOSED', 'ALLOW_INVESTMENT', gp('GP_ADMIN'), []],
  ['CLOSED', 'OPEN', 'ALLOW_INVESTMENT', gp('GP_ADMIN'), []],
  ['DRAFT', 'OPEN', 'ALLOW_INVESTMENT', gp('GP_OWNER'), []],
];

describe('offeredSubscriptionTypes', () => {
  it.each(CASES)('%s, %s, %s, %o -> %o', (state, openness, investmentPermission, viewer, expected) => {
    expect(offeredSubscriptionTypes({ state, openness, investmentPermission }, viewer)).toEqual(expected);
  });

  it('never offers Add manually to an investor nor an investor type to the team', () => {
    for (const [state, openness, investmentPermission, viewer] of CASES) {
      const offered = offeredSubscriptionTypes({ state, openness, investmentPermission }, viewer);
      if (!viewer || viewer.role === 'LP') expect(offered).not.toContain(AM);
      else expect(offered.filter((t) => t !== AM)).toEqual([]);
    }
  });
});
