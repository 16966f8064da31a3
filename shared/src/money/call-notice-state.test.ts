import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/roles.js';
import { thrownCode as codeOf } from '../errors/thrown-code.js';
import { describeLifecycleProperties } from '../lifecycle/lifecycle-properties.js';
import { CALL_NOTICE_LIFECYCLE, subscriptionStatusForNotice } from './call-notice-state.js';

describe('capital call notice lifecycle', () => {
  const L = CALL_NOTICE_LIFECYCLE;

  it('records partial funds, then confirms receipt once paid in full, then is invested', () => {
    expect(L.next('OUTSTANDING', 'RECORD_FUNDS', 'GP_MEMBER', { due: '100.00', paid: '40.00' })).toBe('FUNDS_RECEIVED');
    expect(L.next('FUNDS_RECEIVED', 'RECORD_FUNDS', 'GP_MEMBER', { due: '100.00', paid: '40.00' })).toBe(
      'FUNDS_RECEIVED',
    );
    expect(
      codeOf(() => L.next('FUNDS_RECEIVED', 'CONFIRM_RECEIPT', 'GP_ADMIN', { due: '100.00', paid: '99.99' })),
    ).toBe('capitalCallOutstanding');
    expect(L.next('FUNDS_RECEIVED', 'CONFIRM_RECEIPT', 'GP_ADMIN', { due: '100.00', paid: '100.00' })).toBe(
      'RECEIPT_CONFIRMED',
    );
    expect(L.next('RECEIPT_CONFIRMED', 'MARK_INVESTED', 'GP_OWNER', { due: '100.00', paid: '100.00' })).toBe(
      'INVESTED',
    );
  });

  it('refuses to record funds on a notice already paid in full, and members cannot confirm', () => {
    expect(codeOf(() => L.next('FUNDS_RECEIVED', 'RECORD_FUNDS', 'GP_MEMBER', { due: '1.00', paid: '1.00' }))).toBe(
      'capitalCallPaidInFull',
    );
    expect(codeOf(() => L.next('FUNDS_RECEIVED', 'CONFIRM_RECEIPT', 'GP_MEMBER', { due: '1.00', paid: '1.00' }))).toBe(
      'FORBIDDEN',
    );
  });

  it('gives the spec’s subscription statuses, FULLY_INVESTED when nothing is left undrawn', () => {
    expect(subscriptionStatusForNotice('OUTSTANDING', '500.00')).toBe('CAPITAL_CALL_OUTSTANDING');
    expect(subscriptionStatusForNotice('FUNDS_RECEIVED', '500.00')).toBe('FUND_RECEIVED');
    expect(subscriptionStatusForNotice('RECEIPT_CONFIRMED', '500.00')).toBe('RECEIPT_CONFIRMED');
    expect(subscriptionStatusForNotice('INVESTED', '500.00')).toBe('INVESTED');
    expect(subscriptionStatusForNotice('INVESTED', '0.00')).toBe('FULLY_INVESTED');
  });
});

describeLifecycleProperties(CALL_NOTICE_LIFECYCLE, {
  actors: ROLES,
  contexts: fc.record({
    due: fc.constantFrom('0.00', '100.00'),
    paid: fc.constantFrom('0.00', '50.00', '100.00', '150.00'),
  }),
});
