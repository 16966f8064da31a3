import { describe, expect, it } from 'vitest';
import { describeLifecycleProperties } from '../lifecycle/lifecycle-properties.js';
import {
  BANK_ACCOUNT_LIFECYCLE,
  type PayoutCandidate,
  payoutAccount,
  STEP_UP_WINDOW_MS,
  stepUpIsFresh,
} from './bank-account.js';

describeLifecycleProperties(BANK_ACCOUNT_LIFECYCLE, { actors: ['GP_ADMIN', 'GP_OWNER', 'SELF'] });

const code = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
};

describe('bank account lifecycle', () => {
  it('only GP admins and owners decide, only pending accounts, and a change needs approval again', () => {
    expect(BANK_ACCOUNT_LIFECYCLE.next('PENDING', 'APPROVE', 'GP_ADMIN')).toBe('OPEN');
    expect(BANK_ACCOUNT_LIFECYCLE.next('PENDING', 'REJECT', 'GP_OWNER')).toBe('CLOSED');
    expect(code(() => BANK_ACCOUNT_LIFECYCLE.next('PENDING', 'APPROVE', 'SELF'))).toBe('FORBIDDEN');
    expect(code(() => BANK_ACCOUNT_LIFECYCLE.next('OPEN', 'APPROVE', 'GP_ADMIN'))).toBe('BANK_ACCOUNT_NOT_PENDING');
    expect(code(() => BANK_ACCOUNT_LIFECYCLE.next('CLOSED', 'REJECT', 'GP_ADMIN'))).toBe('BANK_ACCOUNT_NOT_PENDING');
    expect(BANK_ACCOUNT_LIFECYCLE.next('OPEN', 'CHANGE', 'SELF')).toBe('PENDING');
    expect(BANK_ACCOUNT_LIFECYCLE.next('CLOSED', 'CHANGE', 'SELF')).toBe('PENDING');
  });
});

describe('payoutAccount', () => {
  const acc = (bankId: string, status: PayoutCandidate['status'], kind = 'BANK'): PayoutCandidate => ({
    bankId,
    status,
    kind,
  });

  it('refuses a pending account, named or as the only one', () => {
    const profile = { bankAccounts: [acc('a', 'PENDING')] };
    expect(code(() => payoutAccount(profile, 'a'))).toBe('BANK_ACCOUNT_PENDING');
    expect(code(() => payoutAccount(profile))).toBe('PAYOUT_ACCOUNT_REQUIRED');
  });

  it('refuses a closed or rejected account and an unknown one', () => {
    const profile = { bankAccounts: [acc('a', 'CLOSED')] };
    expect(code(() => payoutAccount(profile, 'a'))).toBe('BANK_ACCOUNT_CLOSED');
    expect(code(() => payoutAccount(profile, 'zz'))).toBe('bankAccountNotExist');
  });

  it('pays to the named open account, or the only open bank account', () => {
    const profile = { bankAccounts: [acc('a', 'PENDING'), acc('b', 'OPEN'), acc('c', 'OPEN', 'IRA')] };
    expect(payoutAccount(profile, 'b').bankId).toBe('b');
    expect(payoutAccount(profile).bankId).toBe('b');
    // Two open bank accounts: the payout must say which.
    expect(code(() => payoutAccount({ bankAccounts: [acc('a', 'OPEN'), acc('b', 'OPEN')] }))).toBe(
      'PAYOUT_ACCOUNT_REQUIRED',
    );
  });
});

describe('stepUpIsFresh', () => {
  const now = 1_800_000_000_000;
  it('holds for 5 minutes after the step-up, not at 5 minutes, never without one', () => {
    expect(stepUpIsFresh(undefined, now)).toBe(false);
    expect(stepUpIsFresh(now, now)).toBe(true);
    expect(stepUpIsFresh(now - STEP_UP_WINDOW_MS + 1, now)).toBe(true);
    expect(stepUpIsFresh(now - STEP_UP_WINDOW_MS, now)).toBe(false);
    expect(stepUpIsFresh(now + 1000, now)).toBe(false);
  });
});
