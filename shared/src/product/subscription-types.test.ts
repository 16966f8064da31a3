import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INVESTMENT_PERMISSIONS,
  PRODUCT_OPENNESS,
  PRODUCT_STATES,
  SUBSCRIPTION_TYPES_BY_PERMISSION,
} from '../enums.js';
import { allowedSubscriptionTypes } from './subscription-types.js';

describe('allowedSubscriptionTypes', () => {
  it('offers everything the permission allows on an open, published product', () => {
    expect(
      allowedSubscriptionTypes({ state: 'PUBLISHED', openness: 'OPEN', investmentPermission: 'ALLOW_INVESTMENT' }),
    ).toEqual(['EXPRESSED_INTEREST_SUBSCRIPTION', 'RESERVE_SUBSCRIPTION', 'INVEST_SUBSCRIPTION']);
    expect(
      allowedSubscriptionTypes({
        state: 'PUBLISHED',
        openness: 'CLOSING_SOON',
        investmentPermission: 'ONLY_EXPRESS_INTEREST',
      }),
    ).toEqual(['EXPRESSED_INTEREST_SUBSCRIPTION']);
  });

  it('offers only an expression of interest while a fund is coming soon, and only if permitted', () => {
    expect(
      allowedSubscriptionTypes({
        state: 'PUBLISHED',
        openness: 'COMING_SOON',
        investmentPermission: 'ALLOW_INVESTMENT',
      }),
    ).toEqual(['EXPRESSED_INTEREST_SUBSCRIPTION']);
    expect(
      allowedSubscriptionTypes({
        state: 'PUBLISHED',
        openness: 'COMING_SOON',
        investmentPermission: 'INVESTMENT_NOT_ALLOWED',
      }),
    ).toEqual([]);
  });

  it('offers nothing when the fund is closed, by openness or by lifecycle, nor on a draft', () => {
    expect(
      allowedSubscriptionTypes({ state: 'PUBLISHED', openness: 'CLOSED', investmentPermission: 'ALLOW_INVESTMENT' }),
    ).toEqual([]);
    expect(
      allowedSubscriptionTypes({ state: 'CLOSED', openness: 'OPEN', investmentPermission: 'ALLOW_INVESTMENT' }),
    ).toEqual([]);
    expect(
      allowedSubscriptionTypes({ state: 'DRAFT', openness: 'OPEN', investmentPermission: 'ALLOW_INVESTMENT' }),
    ).toEqual([]);
  });

  it('never offers more than the permission, and never the GP-only manual entry', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PRODUCT_STATES),
        fc.constantFrom(...PRODUCT_OPENNESS),
        fc.constantFrom(...INVESTMENT_PERMISSIONS),
        (state, openness, investmentPermission) => {
          const offered = allowedSubscriptionTypes({ state, openness, investmentPermission });
          for (const t of offered) expect(SUBSCRIPTION_TYPES_BY_PERMISSION[investmentPermission]).toContain(t);
          expect(offered).not.toContain('COMMON_SUBSCRIPTION');
          expect(new Set(offered).size).toBe(offered.length);
        },
      ),
    );
  });
});
