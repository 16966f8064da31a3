import { describe, expect, it } from 'vitest';
import {
  catalogueEntryOf,
  changesOf,
  type ProductRecord,
  productFields,
  toSummary,
  withContent,
} from './product.items.js';

const record: ProductRecord = {
  productId: '01J00000000000000000000000',
  state: 'PUBLISHED',
  version: 3,
  rev: 7,
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'u1',
  updatedAt: '2026-02-01T00:00:00.000Z',
  updatedBy: 'u2',
  publishedAt: '2026-02-01T00:00:00.000Z',
  kind: 'FUND',
  name: { en: 'Alpine Growth Fund I', 'zh-CN': '阿尔卑斯成长基金一期' },
  summary: { en: 'Growth equity.' },
  description: { en: 'Long text.' },
  fundType: 'CLOSE_ENDED',
  dealingFrequency: 'YEARS_5_PLUS',
  investmentPermission: 'ALLOW_INVESTMENT',
  openness: 'OPEN',
  objectives: ['CAPITAL_GROWTH'],
  strategies: ['GROWTH_EQUITY'],
  regions: ['EUROPE'],
  investorTypes: ['INDIVIDUAL'],
  currency: 'USD',
  minInvestment: '250000.00',
  targetSize: '300000000.00',
};
const { productId, state, version, rev, createdAt, createdBy, updatedAt, updatedBy, publishedAt, ...content } = record;

describe('product records', () => {
  it('reports only changed fields, whatever order the stored maps came back in', () => {
    const stored = { ...record, name: { 'zh-CN': '阿尔卑斯成长基金一期', en: 'Alpine Growth Fund I' } };
    expect(changesOf(stored, record, productFields())).toEqual({});
    const { description: _, ...withoutDescription } = content;
    expect(changesOf(record, { ...record, ...withoutDescription, description: undefined }, productFields())).toEqual({
      description: { from: { en: 'Long text.' }, to: null },
    });
  });

  it('replaces the whole content on update and keeps the bookkeeping', () => {
    const { description: _, ...edited } = content;
    const next = withContent(record, { ...edited, openness: 'CLOSING_SOON' });
    expect(next.description).toBeUndefined();
    expect(next).toMatchObject({ productId, state, version, rev, createdAt, publishedAt, openness: 'CLOSING_SOON' });
  });

  it('keeps drafts out of the catalogue and shows investors no bookkeeping', () => {
    expect(catalogueEntryOf({ ...record, state: 'DRAFT' }, [])).toBeNull();
    expect(catalogueEntryOf(record, [])?.productId).toBe(productId);
    const summary = toSummary(record);
    expect(Object.keys(summary)).not.toContain('rev');
    expect(Object.keys(summary)).not.toContain('createdBy');
    expect(summary.allowedSubscriptionTypes).toEqual([
      'EXPRESSED_INTEREST_SUBSCRIPTION',
      'RESERVE_SUBSCRIPTION',
      'INVEST_SUBSCRIPTION',
    ]);
  });
});
