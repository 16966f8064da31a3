import type { SubscriptionStatus } from '@tranche/shared/subscription/statuses';
import { SUBSCRIPTION_LIFECYCLE } from '@tranche/shared/subscription/subscription-lifecycle';
import { describe, expect, it } from 'vitest';
import { redemptionStep } from './money-dealing.js';
import { stepTowards } from './money-steps.js';

/**
 * The subscription walks that follow the money (docs/money.md "Dealing and distributions"): every step
 * the consumers choose is a transition issue 13's lifecycle allows the platform (SYSTEM), and the walk
 * ends at the redemption's or the dealt order's status.
 */
const walk = (
  from: SubscriptionStatus,
  to: SubscriptionStatus,
  step: (a: SubscriptionStatus, b: SubscriptionStatus) => ReturnType<typeof redemptionStep>,
): SubscriptionStatus[] => {
  const path = [from];
  let at = from;
  for (let i = 0; i < 6; i++) {
    const event = step(at, to);
    if (!event) break;
    at = SUBSCRIPTION_LIFECYCLE.next(at, event, 'SYSTEM', { type: 'INVEST_SUBSCRIPTION' }) as SubscriptionStatus;
    path.push(at);
  }
  return path;
};

describe('a subscription following its redemptions', () => {
  it('goes pending on confirmation, then partly or fully redeemed, as the platform', () => {
    expect(walk('INVESTED', 'REDEMPTION_PENDING', redemptionStep)).toEqual(['INVESTED', 'REDEMPTION_PENDING']);
    expect(walk('FULLY_INVESTED', 'FULLY_REDEEMED', redemptionStep)).toEqual([
      'FULLY_INVESTED',
      'REDEMPTION_PENDING',
      'FULLY_REDEEMED',
    ]);
    expect(walk('REDEMPTION_PENDING', 'PARTIALLY_REDEEMED', redemptionStep)).toEqual([
      'REDEMPTION_PENDING',
      'PARTIALLY_REDEEMED',
    ]);
    // A gated full redemption: partly dealt first, the rest at a later dealing date.
    expect(walk('PARTIALLY_REDEEMED', 'FULLY_REDEEMED', redemptionStep)).toEqual([
      'PARTIALLY_REDEEMED',
      'FULLY_REDEEMED',
    ]);
    // A second request on a partly redeemed position.
    expect(walk('PARTIALLY_REDEEMED', 'REDEMPTION_PENDING', redemptionStep).at(-1)).toBe('REDEMPTION_PENDING');
  });

  it('leaves statuses money does not drive alone', () => {
    for (const from of ['SUBMITTED', 'COMMITTED', 'CAPITAL_CALL_OUTSTANDING', 'CLOSE'] as const) {
      expect(redemptionStep(from, 'REDEMPTION_PENDING')).toBeUndefined();
    }
  });

  it('walks back when a correction leaves fewer units dealt (docs/money.md "Corrections of distribution and redemption entries")', () => {
    expect(walk('FULLY_REDEEMED', 'PARTIALLY_REDEEMED', redemptionStep)).toEqual([
      'FULLY_REDEEMED',
      'PARTIALLY_REDEEMED',
    ]);
    expect(walk('FULLY_REDEEMED', 'REDEMPTION_PENDING', redemptionStep)).toEqual([
      'FULLY_REDEEMED',
      'PARTIALLY_REDEEMED',
      'REDEMPTION_PENDING',
    ]);
    expect(redemptionStep('CLOSE', 'PARTIALLY_REDEEMED')).toBeUndefined();
  });
});

describe('a dealt open-ended order', () => {
  it('walks from committed to fully invested as the platform', () => {
    expect(walk('COMMITTED', 'FULLY_INVESTED', stepTowards)).toEqual([
      'COMMITTED',
      'CAPITAL_CALL_OUTSTANDING',
      'FUND_RECEIVED',
      'RECEIPT_CONFIRMED',
      'FULLY_INVESTED',
    ]);
  });
});
