import { ASSET_STRATEGIES, PRODUCT_OPENNESS, REGIONS } from '@tranche/shared/enums';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '#lib/errors';
import {
  buildShards,
  CATALOGUE_SHARDS,
  type CatalogueSource,
  decodeCatalogueCursor,
  decodeShard,
  encodeShard,
  entryOf,
  normaliseText,
  searchCatalogue,
  shardOf,
  withEntry,
} from './catalogue.js';

let seq = 0;
const id = () => `01J${String(seq++).padStart(23, '0')}`;

const source = (over: Partial<CatalogueSource> = {}): CatalogueSource => ({
  productId: id(),
  kind: 'FUND',
  name: { en: 'Alpine Growth Fund I', 'zh-CN': '阿尔卑斯成长基金一期' },
  summary: { en: 'Growth equity in European software.', 'zh-CN': '投资欧洲软件企业的成长期股权。' },
  fundType: 'CLOSE_ENDED',
  openness: 'OPEN',
  currency: 'USD',
  targetReturn: 'EQ20',
  targetReturnRange: 'R15_20',
  strategies: ['GROWTH_EQUITY'],
  regions: ['EUROPE'],
  objectives: ['CAPITAL_GROWTH'],
  ...over,
});

const SCOPE = 'T#01J00000000000000000000000#CATALOGUE';
const search = (entries: ReturnType<typeof entryOf>[], query: Parameters<typeof searchCatalogue>[1], limit = 50) =>
  searchCatalogue(entries, query, { scope: SCOPE, limit });

describe('normaliseText', () => {
  it('folds case, accents, full-width forms and punctuation', () => {
    expect(normaliseText('Crédit  Privé')).toBe('credit prive');
    expect(normaliseText('ＡＢＣ Fund-of-Funds!')).toBe('abc fund of funds');
    expect(normaliseText('Zürich ÉNERGIE')).toBe('zurich energie');
    expect(normaliseText('阿尔卑斯，成长基金')).toBe('阿尔卑斯 成长基金');
  });
});

describe('searching the catalogue', () => {
  it('finds words of the name or summary in either language, whatever the case or accents', () => {
    const growth = entryOf(source({ name: { en: 'Crédit Suisse Growth' } }), []);
    const other = entryOf(
      source({ name: { en: 'Beacon Macro', 'zh-CN': '灯塔宏观' }, summary: { en: 'Rates and currencies.' } }),
      [],
    );
    expect(search([growth, other], { q: 'credit' }).productIds).toEqual([growth.productId]);
    expect(search([growth, other], { q: 'GROWTH credit' }).productIds).toEqual([growth.productId]);
    expect(search([growth, other], { q: 'software' }).productIds).toEqual([growth.productId]);
    expect(search([growth, other], { q: '宏观' }).productIds).toEqual([other.productId]);
    expect(search([growth, other], { q: '欧洲软件' }).productIds).toEqual([growth.productId]);
    expect(search([growth, other], { q: 'growth macro' }).total).toBe(0);
  });

  it('narrows by every condition, each on its own facet', () => {
    const a = entryOf(source({ strategies: ['SEED', 'SERIES_A'], regions: ['ASIA', 'INDIA'] }), ['EUR']);
    const b = entryOf(
      source({
        kind: 'PRODUCT',
        fundType: 'OPEN_ENDED',
        openness: 'CLOSING_SOON',
        currency: 'HKD',
        targetReturn: 'ABSOLUTE_RETURN',
        targetReturnRange: 'OTHER',
        objectives: ['INCOME'],
      }),
      [],
    );
    const both = [a, b];
    const only = (q: Parameters<typeof searchCatalogue>[1]) => search(both, q).productIds;
    expect(only({ strategy: 'SERIES_A' })).toEqual([a.productId]);
    expect(only({ region: 'INDIA' })).toEqual([a.productId]);
    expect(only({ kind: 'PRODUCT' })).toEqual([b.productId]);
    expect(only({ fundType: 'OPEN_ENDED' })).toEqual([b.productId]);
    expect(only({ openness: 'CLOSING_SOON' })).toEqual([b.productId]);
    expect(only({ targetReturn: 'EQ20' })).toEqual([a.productId]);
    expect(only({ targetReturnRange: 'OTHER' })).toEqual([b.productId]);
    expect(only({ objective: 'INCOME' })).toEqual([b.productId]);
    expect(only({ currency: 'HKD' })).toEqual([b.productId]);
    // A share class currency counts: the USD fund with a EUR class is found under EUR.
    expect(only({ currency: 'EUR' })).toEqual([a.productId]);
    expect(only({ currency: 'USD' })).toEqual([a.productId]);
    expect(only({ strategy: 'SEED', region: 'ASIA', currency: 'EUR', q: 'growth' })).toEqual([a.productId]);
    expect(only({ strategy: 'SEED', kind: 'PRODUCT' })).toEqual([]);
  });

  it('does not confuse a value with a longer one sharing its prefix', () => {
    const seriesA = entryOf(source({ strategies: ['SERIES_A'], targetReturn: 'EQ10' }), []);
    expect(search([seriesA], { strategy: 'SEED' }).total).toBe(0);
    expect(search([seriesA], { targetReturn: 'EQ10' }).total).toBe(1);
    expect(search([entryOf(source({ targetReturn: 'EQ15' }), [])], { targetReturn: 'EQ10' }).total).toBe(0);
  });

  it('orders by openness (open, closing soon, coming soon, closed), then name, then id', () => {
    const entries = [
      entryOf(source({ openness: 'CLOSED', name: { en: 'Aardvark' } }), []),
      entryOf(source({ openness: 'COMING_SOON', name: { en: 'Beta' } }), []),
      entryOf(source({ openness: 'OPEN', name: { en: 'zeta' } }), []),
      entryOf(source({ openness: 'OPEN', name: { en: 'Émile' } }), []),
      entryOf(source({ openness: 'CLOSING_SOON', name: { en: 'Alpha' } }), []),
    ];
    const names = search(entries, {}).productIds.map((pid) => entries.find((e) => e.productId === pid)!.sortName);
    expect(names).toEqual(['emile', 'zeta', 'alpha', 'beta', 'aardvark']);
  });

  it('pages with a cursor: every match once, in order, with the total on each page', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            name: fc.constantFrom('Alpha', 'alpha', 'Beta', 'Gamma fund', 'Gamma', 'Ω'),
            openness: fc.constantFrom(...PRODUCT_OPENNESS),
            strategy: fc.constantFrom(...ASSET_STRATEGIES.slice(0, 3)),
            region: fc.constantFrom(...REGIONS.slice(0, 2)),
          }),
          { maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 7 }),
        fc.option(fc.constantFrom(...ASSET_STRATEGIES.slice(0, 3)), { nil: undefined }),
        (rows, limit, strategy) => {
          const entries = rows.map((r) =>
            entryOf(
              source({ name: { en: r.name }, openness: r.openness, strategies: [r.strategy], regions: [r.region] }),
              [],
            ),
          );
          const expected = searchCatalogue(entries, { strategy }, { scope: SCOPE, limit: 1000 }).productIds;
          const seen: string[] = [];
          let cursor: string | undefined;
          do {
            const after = decodeCatalogueCursor(SCOPE, cursor);
            const page = searchCatalogue(entries, { strategy }, { scope: SCOPE, limit, after });
            expect(page.total).toBe(expected.length);
            expect(page.productIds.length).toBeLessThanOrEqual(limit);
            seen.push(...page.productIds);
            cursor = page.nextCursor;
          } while (cursor);
          expect(seen).toEqual(expected);
        },
      ),
    );
  });

  it("refuses a cursor it did not issue, or another tenant's, naming query.cursor", () => {
    const entries = Array.from({ length: 3 }, () => entryOf(source(), []));
    const issued = searchCatalogue(entries, {}, { scope: SCOPE, limit: 1 }).nextCursor!;
    expect(decodeCatalogueCursor(SCOPE, issued)).toBeDefined();
    const foreign = SCOPE.replace('01J', '01K');
    for (const bad of [
      'x',
      issued,
      Buffer.from('[9,"a","b"]').toString('base64url'),
      Buffer.from('{}').toString('base64url'),
    ]) {
      expect(() => decodeCatalogueCursor(foreign, bad)).toThrow(DomainError);
      try {
        decodeCatalogueCursor(foreign, bad);
      } catch (error) {
        expect((error as DomainError).details?.fields?.[0]?.field).toBe('query.cursor');
      }
    }
  });
});

describe('catalogue shards', () => {
  it('round-trips entries through the stored form', () => {
    const entries = [entryOf(source(), ['EUR']), entryOf(source({ name: { en: 'Ω fund' } }), [])];
    expect(decodeShard(encodeShard(entries))).toEqual(entries);
  });

  it('puts a product in one stable shard and spreads products over all of them', () => {
    const ids = Array.from({ length: 4000 }, id);
    for (const pid of ids.slice(0, 50)) expect(shardOf(pid)).toBe(shardOf(pid));
    const shards = buildShards(ids.map((pid) => entryOf(source({ productId: pid }), [])));
    expect(shards.size).toBe(CATALOGUE_SHARDS);
    const sizes = [...shards.values()].map((s) => s.length);
    expect(Math.max(...sizes)).toBeLessThan(2 * (4000 / CATALOGUE_SHARDS));
  });

  it('replaces or removes one product of a shard', () => {
    const a = entryOf(source(), []);
    const b = entryOf(source(), []);
    const a2 = entryOf(source({ productId: a.productId, openness: 'CLOSED' }), []);
    expect(withEntry([a, b], a.productId, a2)).toEqual([b, a2]);
    expect(withEntry([a, b], a.productId, null)).toEqual([b]);
  });

  it('keeps at most 2,000 characters of text per product', () => {
    const long = entryOf(source({ summary: { en: 'word '.repeat(1000), 'zh-CN': '字'.repeat(2000) } }), []);
    expect(long.text.length).toBeLessThanOrEqual(2000);
  });
});
