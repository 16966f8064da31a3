import type { CallNotice } from '@tranche/shared/money/money.schema';
import { describe, expect, it } from 'vitest';
import { type CallFormValues, callBody, isPositive, noticeSums, sumAmounts, todayUtc } from './call-form';

const values = (over: Partial<CallFormValues> = {}): CallFormValues => ({
  productId: 'p1',
  currency: 'USD',
  basis: 'AMOUNT',
  investment: ' 1000000.00 ',
  percent: '12.5',
  managementFee: '',
  expenses: '',
  excused: [],
  dueDate: '',
  purpose: '',
  ...over,
});

describe('callBody', () => {
  it('sends the amount for a call by amount and leaves empty optional fields out', () => {
    expect(callBody(values())).toEqual({ productId: 'p1', currency: 'USD', basis: 'AMOUNT', investment: '1000000.00' });
  });

  it('sends the percentage, not the amount, for a call by percentage', () => {
    expect(callBody(values({ basis: 'PERCENTAGE' }))).toEqual({
      productId: 'p1',
      currency: 'USD',
      basis: 'PERCENTAGE',
      percent: '12.5',
    });
  });

  it('carries fees, expenses, excused investors, the due date and the purpose', () => {
    expect(
      callBody(
        values({
          managementFee: '2500.00',
          expenses: '10',
          excused: ['s2'],
          dueDate: '2026-12-08',
          purpose: ' Follow-on ',
        }),
      ),
    ).toMatchObject({
      managementFee: '2500.00',
      expenses: '10',
      excused: ['s2'],
      dueDate: '2026-12-08',
      purpose: 'Follow-on',
    });
  });
});

describe('sums', () => {
  it('adds DOMAIN.md split exactly', () => {
    expect(sumAmounts(['500000.05', '300000.03', '199999.92'], 'USD')).toBe('1000000.00');
  });

  it('keeps the currency minor digits (JPY has none) and refuses finer amounts', () => {
    expect(sumAmounts(['1', '2'], 'JPY')).toBe('3');
    expect(() => sumAmounts(['0.5'], 'JPY')).toThrow(RangeError);
    expect(sumAmounts([], 'EUR')).toBe('0.00');
  });

  it('sums every column of the allocation', () => {
    const notice = (investment: string, fee: string, paid: string): CallNotice => ({
      subscriptionId: investment,
      investorId: 'u',
      state: 'OUTSTANDING',
      items: { investment, managementFee: fee, expenses: '0.00' },
      amount: sumAmounts([investment, fee], 'USD'),
      paid,
      outstanding: sumAmounts([investment, fee, `-${paid}`], 'USD'),
      commitment: '1000000.00',
    });
    expect(noticeSums([notice('0.10', '0.20', '0.30'), notice('0.20', '0.10', '0')], 'USD')).toEqual({
      investment: '0.30',
      managementFee: '0.30',
      expenses: '0.00',
      amount: '0.60',
      paid: '0.30',
      outstanding: '0.30',
    });
  });

  it('tells a positive amount from zero and negatives', () => {
    expect(isPositive('0.01')).toBe(true);
    expect(isPositive('0.00')).toBe(false);
    expect(isPositive('-5')).toBe(false);
  });

  it('reads today in UTC', () => {
    expect(todayUtc(new Date('2026-11-24T23:59:59+08:00'))).toBe('2026-11-24');
  });
});
