import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/roles.js';
import { thrownCode as codeOf } from '../errors/thrown-code.js';
import { describeLifecycleProperties } from '../lifecycle/lifecycle-properties.js';
import { REDEMPTION_LIFECYCLE, subscriptionStatusForRedemption } from './redemption-state.js';

describe('redemption lifecycle', () => {
  const L = REDEMPTION_LIFECYCLE;

  it('is confirmed, gated (partly dealt, carried forward), dealt in full and paid', () => {
    expect(L.next('REQUESTED', 'CONFIRM', 'GP_ADMIN')).toBe('CONFIRMED');
    expect(L.next('CONFIRMED', 'DEAL_PART', 'GP_MEMBER')).toBe('PARTLY_DEALT');
    expect(L.next('PARTLY_DEALT', 'DEAL_PART', 'GP_MEMBER')).toBe('PARTLY_DEALT');
    expect(L.next('PARTLY_DEALT', 'DEAL_REST', 'GP_MEMBER')).toBe('DEALT');
    expect(L.next('DEALT', 'PAY', 'GP_OWNER')).toBe('PAID');
  });

  it('goes back to the investor for changes ("Amend your redemption"), who amends or withdraws', () => {
    expect(L.next('REQUESTED', 'REQUEST_CHANGES', 'GP_MEMBER')).toBe('NEEDS_CHANGES');
    expect(L.allowedEvents('NEEDS_CHANGES', 'LP')).toEqual(['AMEND', 'WITHDRAW']);
    expect(L.eventLabel('AMEND', 'en')).toBe('Amend your redemption');
    expect(L.next('NEEDS_CHANGES', 'AMEND', 'LP')).toBe('REQUESTED');
  });

  it('lets the investor withdraw only before confirmation, and never confirm', () => {
    expect(L.next('REQUESTED', 'WITHDRAW', 'LP')).toBe('WITHDRAWN');
    expect(codeOf(() => L.next('CONFIRMED', 'WITHDRAW', 'LP'))).toBe('TRANSITION_NOT_ALLOWED');
    expect(codeOf(() => L.next('REQUESTED', 'CONFIRM', 'LP'))).toBe('FORBIDDEN');
    expect(codeOf(() => L.next('REQUESTED', 'CONFIRM', 'GP_MEMBER'))).toBe('FORBIDDEN');
  });

  it('tells the subscription status the spec lists', () => {
    expect(subscriptionStatusForRedemption('CONFIRMED', true)).toBe('REDEMPTION_PENDING');
    expect(subscriptionStatusForRedemption('PARTLY_DEALT', true)).toBe('PARTIALLY_REDEEMED');
    expect(subscriptionStatusForRedemption('PAID', false)).toBe('PARTIALLY_REDEEMED');
    expect(subscriptionStatusForRedemption('PAID', true)).toBe('FULLY_REDEEMED');
    expect(subscriptionStatusForRedemption('WITHDRAWN', true)).toBeUndefined();
  });
});

describeLifecycleProperties(REDEMPTION_LIFECYCLE, { actors: ROLES });
