import type { Lang } from '@tranche/shared/i18n/langs';
import type { GpProduct } from '@tranche/shared/product/product.schema';
import { describe, expect, it } from 'vitest';
import { gpProductsEn } from '@/features/gp-products/locales/en';
import { gpProductsZhCN } from '@/features/gp-products/locales/zh-CN';
import { createI18n } from '@/i18n';
import { relativeTime } from '@/lib/relative-time';
import { type AuditEntry, readAuditEntry } from './audit-sentence';

const product = {
  productId: '01HZY3C9W8ZK1N6S2B7QK5V4XM',
  kind: 'FUND',
  name: { en: 'Glacier Infrastructure', 'zh-CN': '冰川基础设施' },
  currency: 'USD',
  shareClasses: [
    {
      shareClassId: '01HZY3C9W8ZK1N6S2B7QK5V4XN',
      productId: '01HZY3C9W8ZK1N6S2B7QK5V4XM',
      name: { en: 'Class I', 'zh-CN': 'I类' },
      currency: 'EUR',
      minInvestment: '5000000',
    },
  ],
} as unknown as GpProduct;

const reader = (lang: Lang) => {
  const i18n = createI18n(lang);
  i18n.addResourceBundle('en', 'translation', gpProductsEn, true, false);
  i18n.addResourceBundle('zh-CN', 'translation', gpProductsZhCN, true, false);
  return (entry: Partial<AuditEntry>, userId?: string) =>
    readAuditEntry(
      { action: 'PRODUCT_UPDATED', actorId: 'U1', actorName: 'Alice Owner', data: {}, ...entry },
      { t: i18n.t, lang, product, userId },
    );
};
const en = reader('en');
const zh = reader('zh-CN');

describe('readAuditEntry', () => {
  it('says who published the fund, with the states by their lifecycle names and what was confirmed', () => {
    const entry = {
      action: 'PRODUCT_PUBLISHED',
      data: {
        event: 'PUBLISH',
        version: 2,
        changes: { state: { from: 'DRAFT', to: 'PUBLISHED' } },
        acknowledgedWarnings: ['documents', 'chineseText'],
      },
    };
    expect(en(entry)).toEqual({
      sentence: 'Alice Owner published the fund',
      details: ['changed the state from Draft to Published', 'confirmed despite: no documents, missing Chinese text'],
    });
    expect(zh(entry)).toEqual({
      sentence: 'Alice Owner发布了该基金',
      details: ['将状态从草稿改为已发布', '已确认以下未完成项：没有文件、缺少中文'],
    });
  });

  it('formats amounts in the currency, enumerations by their labels, and says long texts only changed', () => {
    const entry = {
      data: {
        version: 3,
        changes: {
          minInvestment: { from: '10000.00', to: '25000.00' },
          openness: { from: 'COMING_SOON', to: 'OPEN' },
          closingDate: { from: null, to: '2027-06-30' },
          summary: { from: { en: 'Old' }, to: { en: 'New' } },
        },
      },
    };
    expect(en(entry).details).toEqual([
      'changed the minimum investment from $10,000 to $25,000',
      'changed the fund status from Coming soon to Open',
      'set the closing date to Jun 30, 2027',
      'changed the summary',
    ]);
    expect(zh(entry).details[1]).toBe('将基金状态从即将推出改为开放中');
  });

  it('names documents and share classes from the entry, in the user’s language, and the user as You', () => {
    expect(en({ action: 'PRODUCT_DOCUMENT_READY', data: { documentId: 'D', title: { en: 'Factsheet.pdf' } } })).toEqual(
      { sentence: 'Alice Owner added document ‘Factsheet.pdf’', details: [] },
    );
    expect(
      zh({ action: 'PRODUCT_DOCUMENT_READY', data: { documentId: 'D', title: { en: 'Factsheet', 'zh-CN': '概况' } } })
        .sentence,
    ).toBe('Alice Owner添加了文件“概况”');
    // Recorded before names travelled with the entries: no id, a plain phrase.
    expect(en({ action: 'PRODUCT_DOCUMENT_DELETED', data: { documentId: '01M8' } }).sentence).toBe(
      'Alice Owner deleted a document',
    );
    const classEdit = {
      action: 'SHARE_CLASS_UPDATED',
      data: {
        shareClassId: '01HZY3C9W8ZK1N6S2B7QK5V4XN',
        version: 2,
        changes: { minInvestment: { from: '5000000', to: '2500000' } },
      },
    };
    expect(en(classEdit, 'U1')).toEqual({
      sentence: 'You edited share class ‘Class I’',
      details: ['changed the minimum investment from €5,000,000 to €2,500,000'],
    });
    expect(en({ ...classEdit, actorName: undefined, actorId: 'seed' }).sentence).toBe(
      'Someone edited share class ‘Class I’',
    );
  });

  it('reads an action it does not know as the code, never as raw data', () => {
    expect(en({ action: 'SOMETHING_NEW', data: { documentId: '01M8' } })).toEqual({
      sentence: 'Alice Owner: SOMETHING_NEW',
      details: [],
    });
  });
});

describe('relativeTime', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('says how long ago in the largest whole unit, in each language', () => {
    expect(relativeTime('2026-11-23T11:59:30Z', now, 'en')).toBe('now');
    expect(relativeTime('2026-11-23T11:57:00Z', now, 'en')).toBe('3 minutes ago');
    expect(relativeTime('2026-11-22T11:00:00Z', now, 'en')).toBe('yesterday');
    expect(relativeTime('2026-11-23T11:57:00Z', now, 'zh-CN')).toBe('3分钟前');
  });
});
