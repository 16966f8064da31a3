import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProductInputSchema, ShareClassInputSchema, UpdateShareClassSchema } from './product.schema.js';
import { feeIssues, productIssues, shareClassIssues } from './product-rules.js';

const pathsOf = (issues: { path: (string | number)[] }[]) => issues.map((i) => i.path.join('.'));

const product = {
  kind: 'FUND',
  name: { en: 'Alpine Growth Fund I' },
  summary: { en: 'Growth equity.' },
  fundType: 'CLOSE_ENDED',
  dealingFrequency: 'YEARS_5_PLUS',
  investmentPermission: 'ALLOW_INVESTMENT',
  openness: 'OPEN',
  objectives: ['CAPITAL_GROWTH'],
  strategies: ['GROWTH_EQUITY'],
  regions: ['EUROPE'],
  investorTypes: ['INDIVIDUAL', 'ENTITY'],
  currency: 'USD',
  minInvestment: '250000.00',
  maxInvestment: '5000000.00',
  targetSize: '300000000.00',
  openingDate: '2026-01-01',
  closingDate: '2026-06-30',
  finalClosingDate: '2027-06-30',
  managementFee: { type: 'PERCENTAGE', display: 'FLAT', value: '2' },
} as const;

describe('fee rules', () => {
  it('accepts a complete fee of each display type', () => {
    expect(feeIssues({ type: 'PERCENTAGE', display: 'FLAT', value: '2' }, ['fee'])).toEqual([]);
    expect(feeIssues({ type: 'PERCENTAGE', display: 'RANGE', value: '0', upTo: '100' }, ['fee'])).toEqual([]);
    expect(feeIssues({ type: 'FIXED', display: 'OTHER', note: { en: 'Negotiable' } }, ['fee'])).toEqual([]);
    expect(feeIssues({ type: 'FIXED', display: 'FLAT', value: '25000.00' }, ['fee'])).toEqual([]);
  });

  it('names the value a display type needs', () => {
    expect(pathsOf(feeIssues({ type: 'PERCENTAGE', display: 'FLAT' }, ['managementFee']))).toEqual([
      'managementFee.value',
    ]);
    expect(pathsOf(feeIssues({ type: 'PERCENTAGE', display: 'RANGE' }, ['subscriptionFee']))).toEqual([
      'subscriptionFee.value',
      'subscriptionFee.upTo',
    ]);
    expect(pathsOf(feeIssues({ type: 'FIXED', display: 'OTHER' }, ['x']))).toEqual(['x.note']);
  });

  it('refuses a percentage above 100 but not a fixed amount above 100', () => {
    const issues = feeIssues({ type: 'PERCENTAGE', display: 'RANGE', value: '100.000001', upTo: '150' }, ['fee']);
    expect(issues.filter((i) => i.rule === 'range').map((i) => i.path.join('.'))).toEqual(['fee.value', 'fee.upTo']);
    expect(feeIssues({ type: 'FIXED', display: 'FLAT', value: '150' }, ['fee'])).toEqual([]);
  });

  it('refuses a range whose upper value is below its lower value, comparing decimals exactly', () => {
    expect(feeIssues({ type: 'PERCENTAGE', display: 'RANGE', value: '1.5', upTo: '1.49' }, ['fee'])).toEqual([
      expect.objectContaining({ path: ['fee', 'upTo'], rule: 'order' }),
    ]);
    // As strings "10" < "9"; as numbers it is the other way round.
    expect(feeIssues({ type: 'FIXED', display: 'RANGE', value: '9', upTo: '10' }, ['fee'])).toEqual([]);
    // Beyond a double's precision: 18 digits and a millionth still order, and equal amounts pass.
    const big = (value: string, upTo: string) => feeIssues({ type: 'FIXED', display: 'RANGE', value, upTo }, ['fee']);
    expect(big('999999999999999999.000001', '999999999999999999')).toHaveLength(1);
    expect(big('2.5', '2.500000')).toEqual([]);
  });
});

describe('product rules', () => {
  it('accepts a consistent product', () => {
    expect(productIssues(product)).toEqual([]);
  });

  it('names maxInvestment when it is below minInvestment', () => {
    expect(productIssues({ ...product, minInvestment: '1000000', maxInvestment: '999999.99' })).toEqual([
      expect.objectContaining({ path: ['maxInvestment'], rule: 'order' }),
    ]);
  });

  it('names the later date when dates are out of order, pair by pair', () => {
    expect(pathsOf(productIssues({ ...product, closingDate: '2025-12-31' }))).toEqual(['closingDate']);
    expect(pathsOf(productIssues({ ...product, finalClosingDate: '2026-03-01' }))).toEqual(['finalClosingDate']);
    const { closingDate: _, ...withoutFirstClose } = product;
    expect(pathsOf(productIssues({ ...withoutFirstClose, finalClosingDate: '2025-01-01' }))).toEqual([
      'finalClosingDate',
    ]);
    expect(productIssues({ ...product, closingDate: '2026-01-01', finalClosingDate: '2026-01-01' })).toEqual([]);
  });

  it('refuses ANY combined with another investor type', () => {
    expect(productIssues({ ...product, investorTypes: ['ANY', 'JOINT'] })).toEqual([
      expect.objectContaining({ path: ['investorTypes'], rule: 'exclusive' }),
    ]);
    expect(productIssues({ ...product, investorTypes: ['ANY'] })).toEqual([]);
  });

  it('checks each fee of the product under its own field', () => {
    const issues = productIssues({
      ...product,
      performanceFee: { type: 'PERCENTAGE', display: 'FLAT', value: '120' },
    });
    expect(pathsOf(issues)).toEqual(['performanceFee.value']);
  });
});

describe('share class rules', () => {
  it('checks limits and every fee, including redemption', () => {
    const issues = shareClassIssues({
      minInvestment: '100',
      maxInvestment: '50',
      managementFee: { type: 'PERCENTAGE', display: 'FLAT', value: '1' },
      subscriptionFee: { type: 'PERCENTAGE', display: 'OTHER' },
      redemptionFee: { type: 'PERCENTAGE', display: 'FLAT', value: '101' },
    });
    expect(pathsOf(issues)).toEqual(['maxInvestment', 'subscriptionFee.note', 'redemptionFee.value']);
  });
});

describe('the schemas report the rules as field issues', () => {
  it('puts the rule in params and the field in the path', () => {
    const result = ProductInputSchema.safeParse({ ...product, investorTypes: ['ANY', 'ENTITY'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['investorTypes'], code: 'custom', params: { rule: 'exclusive' } }),
    ]);
  });

  it('validates share classes the same way', () => {
    const result = ShareClassInputSchema.safeParse({
      name: { en: 'Class A' },
      currency: 'USD',
      minInvestment: '100',
      managementFee: { type: 'PERCENTAGE', display: 'FLAT', value: '100.5' },
      subscriptionFee: { type: 'PERCENTAGE', display: 'FLAT', value: '0' },
    });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['managementFee.value']);
  });
});

describe('malformed input', () => {
  it('leaves malformed amounts, dates and lists to their own field issues, and never throws', () => {
    const result = ProductInputSchema.safeParse({
      ...product,
      minInvestment: '',
      maxInvestment: 'ten',
      openingDate: '2027-13-45x',
      investorTypes: 5,
      managementFee: { type: 'PERCENTAGE', display: 'RANGE', value: 'x', upTo: [] },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.every((i) => i.code !== 'custom')).toBe(true);
  });

  it('answers every value of every field with issues, not exceptions', () => {
    const fields = [...Object.keys(product), 'performanceFee', 'subscriptionFee', 'upTo', 'version'];
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...fields), fc.jsonValue({ maxDepth: 2 })), (junk) => {
        expect(() => ProductInputSchema.safeParse({ ...product, ...junk })).not.toThrow();
        expect(() => UpdateShareClassSchema.safeParse({ ...junk })).not.toThrow();
      }),
    );
  });
});
