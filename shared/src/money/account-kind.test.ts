import { describe, expect, it } from 'vitest';
import { type AccountFacts, accountKindFor } from './account-kind.js';

const ira = (over: Partial<AccountFacts> = {}): AccountFacts => ({
  kind: 'IRA',
  status: 'OPEN',
  currency: 'USD',
  ...over,
});
const bank = (over: Partial<AccountFacts> = {}): AccountFacts => ({
  kind: 'BANK',
  status: 'OPEN',
  currency: 'USD',
  ...over,
});

describe('accountKindFor', () => {
  it('is IRA when every open account in the currency is an IRA account', () => {
    expect(accountKindFor([ira()], 'USD')).toBe('IRA');
    expect(accountKindFor([ira(), ira({ currency: 'HKD' }), bank({ currency: 'HKD' })], 'USD')).toBe('IRA');
  });

  it('is BANK when a bank account could pay, or nothing is known', () => {
    expect(accountKindFor([], 'USD')).toBe('BANK');
    expect(accountKindFor([ira(), bank()], 'USD')).toBe('BANK');
    // Only pending or closed IRA accounts: they decide nothing.
    expect(accountKindFor([ira({ status: 'PENDING' }), ira({ status: 'CLOSED' })], 'USD')).toBe('BANK');
  });

  it('falls back to every open account when none is in the currency', () => {
    expect(accountKindFor([ira({ currency: 'HKD' })], 'USD')).toBe('IRA');
    expect(accountKindFor([ira({ currency: 'HKD' }), bank({ currency: 'EUR' })], 'USD')).toBe('BANK');
  });
});
