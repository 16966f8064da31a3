import { describe, expect, it } from 'vitest';
import { amountOf, units } from './amounts.js';

describe('exact subscription amounts', () => {
  it('reads amounts exactly, trailing zeros or not', () => {
    expect(units('100000')).toBe(100_000_000_000n);
    expect(units('100000.00')).toBe(units('100000'));
    expect(units('0.000001')).toBe(1n);
    expect(units('999999999999999999.999999')).toBe(999_999_999_999_999_999_999_999n);
  });

  it('refuses what is not an amount rather than guessing', () => {
    expect(() => units('1e6')).toThrow(TypeError);
    expect(() => units('-1')).toThrow(TypeError);
    expect(() => units('0.0000001')).toThrow(RangeError);
  });

  it('writes the shortest form back, and nothing below zero', () => {
    expect(amountOf(units('100000.50'))).toBe('100000.5');
    expect(amountOf(units('300000') - units('200000'))).toBe('100000');
    expect(amountOf(units('0.000001'))).toBe('0.000001');
    expect(amountOf(units('1') - units('2'))).toBe('0');
  });
});
