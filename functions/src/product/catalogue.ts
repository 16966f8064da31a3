import { gunzipSync, gzipSync } from 'node:zlib';
import type { ProductOpenness } from '@tranche/shared/enums';
import type { ProductListQuery, ProductSummary } from '@tranche/shared/product/product.schema';
import { invalidCursor } from '#lib/db/cursor';

/**
 * The investor catalogue's search projection, as pure functions: what a product contributes to the
 * catalogue (an entry), how entries are packed into shards, and how a search runs over them.
 * The storage side (product.repo.ts) reads every shard of a tenant in one Query, and
 * `searchCatalogue` filters, counts, orders and pages in memory (docs/decisions.md, "Catalogue search").
 */

/** Shards per tenant. Changing it needs a rebuild of every tenant's shards (`buildShards`). */
export const CATALOGUE_SHARDS = 64;
/** Above this a shard would near DynamoDB's 400 KB item limit. */
export const MAX_SHARD_BYTES = 350_000;
/** Characters of normalised name + summary text kept per product for search. */
export const MAX_ENTRY_TEXT = 2_000;
const MAX_SORT_NAME = 120;

export const OPENNESS_RANK: Record<ProductOpenness, number> = {
  OPEN: 1,
  CLOSING_SOON: 2,
  COMING_SOON: 3,
  CLOSED: 4,
};

/** One product as the catalogue search sees it. */
export interface CatalogueEntry {
  productId: string;
  /** Openness rank, then the normalised English name, then the id: the catalogue's order. */
  rank: number;
  sortName: string;
  /** Space-delimited `facet:VALUE` tokens with a space at each end (see FACETS). */
  facets: string;
  /** Normalised name and summary in every language, for `q`. */
  text: string;
}

/** Lower case, without accents, compatibility forms folded (full-width letters), punctuation as spaces. */
export const normaliseText = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\p{P}\p{S}\s]+/gu, ' ')
    .trim();

/** The words of a search: every one must appear (as a substring: "grow" finds "growth", and Chinese needs no word breaks). */
export const searchTokens = (q: string | undefined): string[] => (q ? normaliseText(q).split(' ').filter(Boolean) : []);

export const matchesTokens = (text: string, tokens: readonly string[]): boolean =>
  tokens.every((token) => text.includes(token));

/** The query condition each facet answers, with the short prefix it is stored under. */
const FACETS = {
  kind: 'k',
  fundType: 'f',
  openness: 'o',
  currency: 'c',
  targetReturn: 'tr',
  targetReturnRange: 'trr',
  strategy: 's',
  region: 'r',
  objective: 'ob',
} as const satisfies Partial<Record<keyof ProductListQuery, string>>;
type Facet = keyof typeof FACETS;

const token = (facet: Facet, value: string) => `${FACETS[facet]}:${value}`;

export type CatalogueSource = Pick<
  ProductSummary,
  | 'productId'
  | 'kind'
  | 'name'
  | 'summary'
  | 'fundType'
  | 'openness'
  | 'currency'
  | 'targetReturn'
  | 'targetReturnRange'
  | 'strategies'
  | 'regions'
  | 'objectives'
>;

/** What `q` searches in a product: its name and summary in every language, normalised. */
export const searchText = (p: Pick<CatalogueSource, 'name' | 'summary'>): string =>
  [p.name.en, p.name['zh-CN'], p.summary.en, p.summary['zh-CN']]
    .filter((s): s is string => Boolean(s))
    .map(normaliseText)
    .join(' ');

/**
 * A product's catalogue entry. `currencies` are its share classes' currencies: an investor filtering
 * by EUR finds a USD fund with a EUR class.
 */
export const entryOf = (p: CatalogueSource, currencies: readonly string[]): CatalogueEntry => {
  const tokens = [
    token('kind', p.kind),
    token('fundType', p.fundType),
    token('openness', p.openness),
    ...[...new Set([p.currency, ...currencies])].map((c) => token('currency', c)),
    ...(p.targetReturn ? [token('targetReturn', p.targetReturn)] : []),
    ...(p.targetReturnRange ? [token('targetReturnRange', p.targetReturnRange)] : []),
    ...p.strategies.map((s) => token('strategy', s)),
    ...p.regions.map((r) => token('region', r)),
    ...p.objectives.map((o) => token('objective', o)),
  ];
  const text = searchText(p)
    .slice(0, MAX_ENTRY_TEXT)
    .replace(/[\uD800-\uDBFF]$/, '');
  return {
    productId: p.productId,
    rank: OPENNESS_RANK[p.openness],
    sortName: normaliseText(p.name.en).slice(0, MAX_SORT_NAME),
    facets: ` ${tokens.join(' ')} `,
    text,
  };
};

export const sameEntry = (a: CatalogueEntry | undefined, b: CatalogueEntry | undefined): boolean =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.productId === b.productId &&
    a.rank === b.rank &&
    a.sortName === b.sortName &&
    a.facets === b.facets &&
    a.text === b.text);

/** Which shard holds a product: FNV-1a of its id. Stable, so a product never moves. */
export const shardOf = (productId: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < productId.length; i++) {
    h ^= productId.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % CATALOGUE_SHARDS;
};

type Packed = [string, number, string, string, string];

/** A shard's stored form: gzipped JSON of positional tuples (names would double its size). */
export const encodeShard = (entries: readonly CatalogueEntry[]): Uint8Array => {
  const packed: Packed[] = entries.map((e) => [e.productId, e.rank, e.sortName, e.facets, e.text]);
  const bytes = gzipSync(JSON.stringify(packed));
  if (bytes.length > MAX_SHARD_BYTES) {
    // Operational limit, not the caller's mistake: raise CATALOGUE_SHARDS and rebuild.
    throw new Error(`Catalogue shard of ${entries.length} entries is ${bytes.length} bytes, over ${MAX_SHARD_BYTES}`);
  }
  return bytes;
};

export const decodeShard = (bytes: Uint8Array): CatalogueEntry[] =>
  (JSON.parse(gunzipSync(bytes).toString('utf8')) as Packed[]).map(([productId, rank, sortName, facets, text]) => ({
    productId,
    rank,
    sortName,
    facets,
    text,
  }));

/** Every shard's entries from scratch (seeding, a rebuild after changing CATALOGUE_SHARDS). */
export const buildShards = (entries: readonly CatalogueEntry[]): Map<number, CatalogueEntry[]> => {
  const shards = new Map<number, CatalogueEntry[]>();
  for (const e of entries) {
    const shard = shardOf(e.productId);
    shards.set(shard, [...(shards.get(shard) ?? []), e]);
  }
  return shards;
};

/** The shard's entries with `entry` in place of the product's old one (or without it when null). */
export const withEntry = (entries: readonly CatalogueEntry[], productId: string, entry: CatalogueEntry | null) => [
  ...entries.filter((e) => e.productId !== productId),
  ...(entry ? [entry] : []),
];

const compare = (a: CatalogueEntry, b: CatalogueEntry): number =>
  a.rank - b.rank ||
  (a.sortName < b.sortName ? -1 : a.sortName > b.sortName ? 1 : 0) ||
  (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0);

/** Entries in catalogue order. A search keeps this order, and sorting sorted input is linear. */
export const sortCatalogue = (entries: readonly CatalogueEntry[]): CatalogueEntry[] => [...entries].sort(compare);

// ---- Page cursors: the position after the last entry returned (keyset), so a product published
// or closed while an investor pages moves neither earlier nor later items. Like every cursor of the
// API it names the partition it belongs to (`scope`), and another tenant's cursor is refused.

type Position = Pick<CatalogueEntry, 'rank' | 'sortName' | 'productId'>;

export const encodeCatalogueCursor = (scope: string, e: Position): string =>
  Buffer.from(JSON.stringify([scope, e.rank, e.sortName, e.productId])).toString('base64url');

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const decodeCatalogueCursor = (scope: string, cursor: string | undefined): Position | undefined => {
  if (cursor === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === 4 &&
    parsed[0] === scope &&
    Number.isInteger(parsed[1]) &&
    parsed[1] >= 1 &&
    parsed[1] <= 4 &&
    typeof parsed[2] === 'string' &&
    parsed[2].length <= MAX_SORT_NAME &&
    typeof parsed[3] === 'string' &&
    ULID.test(parsed[3])
  ) {
    return { rank: parsed[1], sortName: parsed[2], productId: parsed[3] };
  }
  throw invalidCursor();
};

export interface CatalogueSearch {
  /** The page, in catalogue order. */
  productIds: string[];
  /** How many entries match, on every page. */
  total: number;
  nextCursor?: string;
}

/** Filters, counts, orders and pages the catalogue's entries for one search. */
export const searchCatalogue = (
  entries: readonly CatalogueEntry[],
  query: Omit<ProductListQuery, 'limit' | 'cursor'>,
  page: { scope: string; limit: number; after?: Position | undefined },
): CatalogueSearch => {
  const required = (Object.keys(FACETS) as Facet[]).flatMap((facet) => {
    const value = query[facet];
    return value === undefined ? [] : [` ${token(facet, value)} `];
  });
  const words = searchTokens(query.q);
  const matches = entries.filter((e) => required.every((t) => e.facets.includes(t)) && matchesTokens(e.text, words));
  matches.sort(compare);
  const after = page.after;
  const start = after
    ? (() => {
        const i = matches.findIndex((e) => compare(e, { ...after, facets: '', text: '' }) > 0);
        return i === -1 ? matches.length : i;
      })()
    : 0;
  const slice = matches.slice(start, start + page.limit);
  const last = slice.at(-1);
  return {
    productIds: slice.map((e) => e.productId),
    total: matches.length,
    ...(last && start + page.limit < matches.length ? { nextCursor: encodeCatalogueCursor(page.scope, last) } : {}),
  };
};
