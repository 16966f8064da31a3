import type { Fee } from '@tranche/shared/product/product.schema';
import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n';
import { feeText } from './fee-text';

const fee = (f: Partial<Fee>): Fee => ({ type: 'PERCENTAGE', display: 'FLAT', ...f });

describe('feeText', () => {
  const i18n = createI18n('en');
  const t = i18n.t.bind(i18n);

  it('says "None" the same way for a fee not charged, a flat zero and a fee with nothing to show', () => {
    expect(feeText(undefined, 'USD', 'en', t)).toBe('None');
    expect(feeText(fee({ value: '0' }), 'USD', 'en', t)).toBe('None');
    expect(feeText(fee({ type: 'FIXED', value: '0.00' }), 'USD', 'en', t)).toBe('None');
    expect(feeText(fee({ display: 'OTHER' }), 'USD', 'en', t)).toBe('None');
    expect(feeText(fee({}), 'USD', 'en', t)).toBe('None');
    const zh = createI18n('zh-CN');
    expect(feeText(undefined, 'USD', 'zh-CN', zh.t.bind(zh))).toBe('无');
  });

  it('shows a charged fee by its display type', () => {
    expect(feeText(fee({ value: '1.5' }), 'USD', 'en', t)).toBe('1.5%');
    expect(feeText(fee({ type: 'FIXED', value: '500' }), 'USD', 'en', t)).toBe('$500');
    expect(feeText(fee({ display: 'RANGE', value: '1', upTo: '2' }), 'USD', 'en', t)).toBe('1% to 2%');
    expect(feeText(fee({ display: 'OTHER', note: { en: 'Negotiable', 'zh-CN': '可协商' } }), 'USD', 'zh-CN', t)).toBe(
      '可协商',
    );
  });
});
