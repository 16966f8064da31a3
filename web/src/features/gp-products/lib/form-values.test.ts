import { ProductInputSchema, ShareClassInputSchema } from '@tranche/shared/product/product.schema';
import { describe, expect, it } from 'vitest';
import {
  emptyFee,
  emptyProductValues,
  emptyShareClassValues,
  feeInput,
  type ProductFormValues,
  toProductInput,
  toShareClassInput,
} from './form-values';
import { errorKeyOf, fieldPathOf } from './validation';

const filled = (): ProductFormValues => ({
  ...emptyProductValues('USD'),
  name: { en: 'Glacier Infrastructure', 'zh-CN': '' },
  summary: { en: 'Core infrastructure.', 'zh-CN': '核心基础设施。' },
  minInvestment: ' 100000 ',
  targetSize: '250000000.50',
});

describe('product form values', () => {
  it('sends amounts as the decimal strings typed and leaves out every empty optional field', () => {
    const input = toProductInput(filled());
    expect(input).toEqual({
      kind: 'FUND',
      name: { en: 'Glacier Infrastructure' },
      summary: { en: 'Core infrastructure.', 'zh-CN': '核心基础设施。' },
      fundType: 'CLOSE_ENDED',
      dealingFrequency: 'QUARTERLY',
      investmentPermission: 'ALLOW_INVESTMENT',
      openness: 'COMING_SOON',
      objectives: [],
      strategies: [],
      regions: [],
      investorTypes: ['ANY'],
      currency: 'USD',
      minInvestment: '100000',
      targetSize: '250000000.50',
    });
    expect(ProductInputSchema.safeParse(input).success).toBe(true);
  });

  it('keeps only the inputs a fee display type uses', () => {
    const fee = { ...emptyFee(true), value: '1', upTo: '2', note: { en: 'Negotiable', 'zh-CN': '可协商' } };
    expect(feeInput({ ...fee, display: 'FLAT' }, true)).toEqual({ type: 'PERCENTAGE', display: 'FLAT', value: '1' });
    expect(feeInput({ ...fee, display: 'RANGE' }, true)).toEqual({
      type: 'PERCENTAGE',
      display: 'RANGE',
      value: '1',
      upTo: '2',
    });
    expect(feeInput({ ...fee, display: 'OTHER' }, true)).toEqual({
      type: 'PERCENTAGE',
      display: 'OTHER',
      note: { en: 'Negotiable', 'zh-CN': '可协商' },
    });
    expect(feeInput({ ...fee, enabled: false }, false)).toBeUndefined();
    // A share class's management and subscription fees are stated whatever the switch says.
    expect(feeInput({ ...fee, enabled: false }, true)).toEqual({ type: 'PERCENTAGE', display: 'FLAT', value: '1' });
  });

  it('names the field at fault with the shared cross-field rules, as the server does', () => {
    const values = filled();
    values.maxInvestment = '5000';
    values.closingDate = '2026-06-30';
    values.openingDate = '2026-07-01';
    values.investorTypes = ['ANY', 'ENTITY'];
    values.performanceFee = { ...emptyFee(true), display: 'RANGE', value: '20', upTo: '101' };
    const result = ProductInputSchema.safeParse(toProductInput(values));
    expect(result.success).toBe(false);
    const errors = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [fieldPathOf(issue.path), errorKeyOf(issue as never)]),
    );
    expect(errors).toEqual({
      maxInvestment: 'maxBelowMin',
      closingDate: 'dateOrder',
      investorTypes: 'anyExclusive',
      'performanceFee.upTo': 'percentRange',
    });
  });

  it('reports an empty required amount as required and a malformed one as an amount error', () => {
    const values = { ...filled(), minInvestment: '', targetSize: '1,000' };
    const result = ProductInputSchema.safeParse(toProductInput(values));
    const errors = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [fieldPathOf(issue.path), errorKeyOf(issue as never)]),
    );
    expect(errors).toEqual({ minInvestment: 'required', targetSize: 'amount' });
  });

  it('puts a missing fee note on its English input', () => {
    const sc = emptyShareClassValues('EUR');
    sc.name.en = 'Class A';
    sc.minInvestment = '125000';
    sc.managementFee.value = '1.5';
    sc.subscriptionFee = { ...sc.subscriptionFee, display: 'OTHER' };
    const result = ShareClassInputSchema.safeParse(toShareClassInput(sc));
    expect(result.error?.issues.map((i) => [fieldPathOf(i.path), errorKeyOf(i as never)])).toEqual([
      ['subscriptionFee.note.en', 'required'],
    ]);
  });
});
