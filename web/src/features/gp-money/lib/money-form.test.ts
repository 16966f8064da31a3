import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AMOUNT, amountRules, fundOptions, useAttemptKey } from './money-form';

describe('the money forms’ shared parts', () => {
  it('keeps one Idempotency-Key while the intent is unchanged, and takes a new one when it changes', () => {
    const { result, rerender } = renderHook(() => useAttemptKey());
    const first = result.current({ amount: '10.00' });
    rerender();
    expect(result.current({ amount: '10.00' })).toBe(first);
    const changed = result.current({ amount: '10.01' });
    expect(changed).not.toBe(first);
    // Back to the first values is a new intended request, not the old one replayed.
    expect(result.current({ amount: '10.00' })).not.toBe(first);
  });

  it('takes amounts with up to 2 decimals only, and requires them only when asked', () => {
    expect(['1', '1000000.05', '0.5'].every((v) => AMOUNT.test(v))).toBe(true);
    expect(['1.005', '-1', '1,000', ''].some((v) => AMOUNT.test(v))).toBe(false);
    expect(amountRules(true).required).toBe('gpMoney.create.errors.required');
    expect('required' in amountRules(false)).toBe(false);
  });

  it('offers no fund until one is chosen, and names each in the UI language', () => {
    const funds = [{ productId: 'p1', name: { en: 'Credit Fund', 'zh-CN': '信贷基金' } }];
    expect(fundOptions(funds, 'Choose', 'zh-CN')).toEqual([
      { value: '', label: 'Choose' },
      { value: 'p1', label: '信贷基金' },
    ]);
  });
});
