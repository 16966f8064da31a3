import type { ProductInput } from '@tranche/shared/product/product.schema';

/** A valid fund as the GP console would create it; `over` changes what a test is about. */
export const fundInput = (over: Partial<ProductInput> = {}): ProductInput => ({
  kind: 'FUND',
  name: { en: 'Harbour Growth Fund', 'zh-CN': '港湾成长基金' },
  summary: { en: 'Growth equity in Asian consumer brands.', 'zh-CN': '投资亚洲消费品牌的成长期股权。' },
  fundType: 'CLOSE_ENDED',
  dealingFrequency: 'YEARS_5_PLUS',
  investmentPermission: 'ALLOW_INVESTMENT',
  openness: 'OPEN',
  objectives: ['CAPITAL_GROWTH'],
  strategies: ['GROWTH_EQUITY'],
  regions: ['ASIA'],
  investorTypes: ['INDIVIDUAL', 'ENTITY'],
  currency: 'USD',
  minInvestment: '100000.00',
  targetSize: '200000000.00',
  openingDate: '2027-01-01',
  closingDate: '2027-06-30',
  managementFee: { type: 'PERCENTAGE', display: 'FLAT', value: '2' },
  ...over,
});

/** A valid share class of that fund. */
export const shareClassInput = (over: Record<string, unknown> = {}) => ({
  name: { en: 'Class A', 'zh-CN': 'A类' },
  currency: 'USD',
  minInvestment: '100000.00',
  managementFee: { type: 'PERCENTAGE', display: 'FLAT', value: '2' },
  subscriptionFee: { type: 'PERCENTAGE', display: 'RANGE', value: '0', upTo: '1.5' },
  ...over,
});
