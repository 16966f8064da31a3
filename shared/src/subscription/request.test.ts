import { describe, expect, it } from 'vitest';
import { errorMessage } from '../errors/catalogue.js';
import { DomainError } from '../errors/domain-error.js';
import type { OfferFacts } from '../product/subscription-types.js';
import { checkSubscriptionRequest, planReservations } from './request.js';

const OPEN: OfferFacts = { state: 'PUBLISHED', openness: 'OPEN', investmentPermission: 'ALLOW_INVESTMENT' };
const LIMITS = { currency: 'USD', minInvestment: '100000', maxInvestment: '5000000' } as const;

const refusal = (fn: () => void): DomainError | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
};

describe('checkSubscriptionRequest', () => {
  it('accepts an offered type with an amount within the limits, bounds included', () => {
    for (const amount of ['100000', '100000.00', '2500000.5', '5000000']) {
      expect(
        refusal(() => checkSubscriptionRequest({ product: OPEN, limits: LIMITS, type: 'INVEST_SUBSCRIPTION', amount })),
      ).toBeUndefined();
    }
    expect(
      refusal(() =>
        checkSubscriptionRequest({ product: OPEN, limits: LIMITS, type: 'EXPRESSED_INTEREST_SUBSCRIPTION' }),
      ),
    ).toBeUndefined();
  });

  it('refuses a type the fund does not offer, naming the field and the type in the reader’s language', () => {
    const closed = { ...OPEN, openness: 'CLOSED' } as const;
    const e = refusal(() =>
      checkSubscriptionRequest({ product: closed, limits: LIMITS, type: 'INVEST_SUBSCRIPTION', amount: '200000' }),
    );
    expect(e?.code).toBe('subscriptionTypeNotOffered');
    expect(e?.details).toMatchObject({ field: 'type', type: 'INVEST_SUBSCRIPTION' });
    expect(errorMessage('subscriptionTypeNotOffered', 'en', e?.details)).toBe('This fund does not offer Invest now.');
    expect(errorMessage('subscriptionTypeNotOffered', 'zh-CN', e?.details)).toBe('该基金目前不提供投资。');
    const onlyInterest = { ...OPEN, investmentPermission: 'ONLY_EXPRESS_INTEREST' } as const;
    expect(
      refusal(() =>
        checkSubscriptionRequest({
          product: onlyInterest,
          limits: LIMITS,
          type: 'RESERVE_SUBSCRIPTION',
          amount: '200000',
        }),
      )?.code,
    ).toBe('subscriptionTypeNotOffered');
    // Add manually is the team's: an investor asking for it is refused the same way.
    expect(
      refusal(() =>
        checkSubscriptionRequest({
          product: OPEN,
          limits: LIMITS,
          type: 'COMMON_SUBSCRIPTION',
          amount: '200000',
          viewer: { role: 'LP' },
        }),
      )?.code,
    ).toBe('subscriptionTypeNotOffered');
    expect(
      refusal(() =>
        checkSubscriptionRequest({
          product: OPEN,
          limits: LIMITS,
          type: 'COMMON_SUBSCRIPTION',
          amount: '200000',
          viewer: { role: 'GP_MEMBER' },
        }),
      ),
    ).toBeUndefined();
  });

  it('asks for an amount where the type commits money, and checks the limits with exact decimals', () => {
    expect(
      refusal(() => checkSubscriptionRequest({ product: OPEN, limits: LIMITS, type: 'RESERVE_SUBSCRIPTION' }))?.details,
    ).toEqual({
      field: 'amount',
    });
    const low = refusal(() =>
      checkSubscriptionRequest({ product: OPEN, limits: LIMITS, type: 'INVEST_SUBSCRIPTION', amount: '99999.999999' }),
    );
    expect(low?.code).toBe('subscriptionAmountBelowMinimum');
    expect(errorMessage('subscriptionAmountBelowMinimum', 'en', low?.details)).toBe(
      'The amount must be at least 100000 USD.',
    );
    const high = refusal(() =>
      checkSubscriptionRequest({
        product: OPEN,
        limits: LIMITS,
        type: 'INVEST_SUBSCRIPTION',
        amount: '5000000.000001',
      }),
    );
    expect(high?.code).toBe('subscriptionAmountAboveMaximum');
    expect(high?.details).toMatchObject({ field: 'amount', maximum: '5000000' });
    // No maximum: any amount above the minimum.
    expect(
      refusal(() =>
        checkSubscriptionRequest({
          product: OPEN,
          limits: { currency: 'USD', minInvestment: '1' },
          type: 'INVEST_SUBSCRIPTION',
          amount: '999999999999999999',
        }),
      ),
    ).toBeUndefined();
    // An indicated interest amount is checked too.
    expect(
      refusal(() =>
        checkSubscriptionRequest({
          product: OPEN,
          limits: LIMITS,
          type: 'EXPRESSED_INTEREST_SUBSCRIPTION',
          amount: '10',
        }),
      )?.code,
    ).toBe('subscriptionAmountBelowMinimum');
  });
});

describe('planReservations', () => {
  const r = (subscriptionId: string, amount: string, requestedAt: string) => ({ subscriptionId, amount, requestedAt });

  it('allocates in arrival order while capacity lasts, and waitlists the rest without overtaking', () => {
    const plan = planReservations('1000000', '400000', [
      r('c', '100000', '2026-11-03T00:00:00Z'),
      r('a', '300000', '2026-11-01T00:00:00Z'),
      r('b', '400000', '2026-11-02T00:00:00Z'),
      r('d', '50000', '2026-11-04T00:00:00Z'),
    ]);
    // 600,000 left: a (300k) fits, b (400k) does not; c and d would fit but must not overtake b.
    expect(plan).toEqual({
      allocatable: ['a'],
      waitlist: [
        { subscriptionId: 'b', position: 1 },
        { subscriptionId: 'c', position: 2 },
        { subscriptionId: 'd', position: 3 },
      ],
      remaining: '300000',
    });
  });

  it('fills the capacity exactly, breaks timestamp ties by id, and waitlists everything on a full fund', () => {
    const same = '2026-11-01T00:00:00Z';
    expect(planReservations('500000.50', '0', [r('y', '250000.25', same), r('x', '250000.25', same)])).toEqual({
      allocatable: ['x', 'y'],
      waitlist: [],
      remaining: '0',
    });
    expect(planReservations('1000', '1200', [r('z', '1', same)])).toEqual({
      allocatable: [],
      waitlist: [{ subscriptionId: 'z', position: 1 }],
      remaining: '0',
    });
  });
});
