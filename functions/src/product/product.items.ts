import type { PortalComponent, ProductOpenness, ProductState, VisibilityState } from '@tranche/shared/enums';
import {
  type GpProduct,
  type ProductInput,
  ProductInputSchema,
  type ProductSummary,
  type ShareClass,
  type ShareClassInput,
  ShareClassInputSchema,
} from '@tranche/shared/product/product.schema';
import { isCatalogueState } from '@tranche/shared/product/product-state';
import { allowedSubscriptionTypes } from '@tranche/shared/product/subscription-types';
import { keys } from '#lib/db/keys';
import { type CatalogueEntry, encodeShard, entryOf } from './catalogue.js';

/**
 * The stored shapes of products, share classes and catalogue shards, and their wire forms. Pure:
 * the repository, the local seed and the bench build items with the same functions.
 */

/** Made on first use, once: the value is read off a schema, and building a schema at import is cold-start time. */
const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

/**
 * Every field a GP edits, in schema order (the update audit compares exactly these). Functions, not
 * constants: reading a schema's shape builds it (shared/src/lazy-zod.ts), ~15 ms of every handler that
 * imports this module, most of which never validate a product.
 */
export const productFields = once(() => Object.keys(ProductInputSchema.shape) as (keyof ProductInput)[]);
export const shareClassFields = once(() => Object.keys(ShareClassInputSchema.shape) as (keyof ShareClassInput)[]);

export interface ProductRecord extends ProductInput {
  productId: string;
  state: ProductState;
  /** The content version clients send back (updates and transitions bump it). */
  version: number;
  /**
   * Bumped by every change to the product or its share classes. Each such transaction is
   * conditional on it, so they serialise per product: a publish cannot miss a share class added
   * at the same moment, and the catalogue entry is always computed from what is stored.
   */
  rev: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  publishedAt?: string;
  closedAt?: string;
  /** The openness to restore on REOPEN (CLOSE sets openness to CLOSED). */
  opennessBeforeClose?: ProductOpenness;
}

export interface ShareClassRecord extends ShareClassInput {
  shareClassId: string;
  productId: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  /**
   * Subscriptions that reference this class. The subscription flow moves it in the transaction that
   * creates or removes a subscription; a class is deleted only at zero (shareClassInUse).
   */
  subscriptionCount?: number;
}

const BOOKKEEPING = [
  'productId',
  'state',
  'version',
  'rev',
  'createdAt',
  'createdBy',
  'updatedAt',
  'updatedBy',
  'publishedAt',
  'closedAt',
  'opennessBeforeClose',
] as const satisfies readonly (keyof ProductRecord)[];

const pick = <T extends object, K extends keyof T>(from: T, fields: readonly K[]): Pick<T, K> => {
  const out = {} as Pick<T, K>;
  for (const f of fields) if (from[f] !== undefined) out[f] = from[f];
  return out;
};

/** The stored record, whatever extra attributes (keys, type) the item carries. */
export const productRecordOf = (item: Record<string, unknown>): ProductRecord =>
  pick(item as unknown as ProductRecord, [...BOOKKEEPING, ...productFields()]);
export const shareClassRecordOf = (item: Record<string, unknown>): ShareClassRecord =>
  pick(item as unknown as ShareClassRecord, [
    'shareClassId',
    'productId',
    'version',
    'createdAt',
    'updatedAt',
    'subscriptionCount',
    ...shareClassFields(),
  ]);

/** A product's bookkeeping with `fields` as its whole content (a PUT: omitted optional fields go). */
export const withContent = (p: ProductRecord, fields: ProductInput): ProductRecord => ({
  ...pick(p, BOOKKEEPING),
  ...fields,
});

/** What a catalogue card needs of a product: everything but the long description and the bookkeeping. */
export const summaryProjection = once(() => {
  const attributes = ['productId', 'state', ...productFields().filter((f) => f !== 'description')];
  return {
    ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a])),
  };
});

// ---- Items

export const productItem = (tenantId: string, p: ProductRecord) => ({
  ...keys.product(tenantId, p.productId),
  ...keys.productIndex(tenantId, p.createdAt, p.productId),
  type: 'PRODUCT',
  ...p,
});

export const shareClassItem = (tenantId: string, productCreatedAt: string, sc: ShareClassRecord) => ({
  ...keys.shareClass(tenantId, sc.productId, sc.shareClassId),
  ...keys.shareClassIndex(tenantId, productCreatedAt, sc.productId, sc.shareClassId),
  type: 'SHARE_CLASS',
  ...sc,
});

export const shardItem = (tenantId: string, shard: number, entries: readonly CatalogueEntry[], rev: number) => ({
  ...keys.catalogueShard(tenantId, shard),
  type: 'CATALOGUE_SHARD',
  rev,
  count: entries.length,
  data: encodeShard(entries),
});

/** The product's catalogue entry, or null when investors must not find it (a draft). */
export const catalogueEntryOf = (p: ProductRecord, classes: readonly ShareClassRecord[]): CatalogueEntry | null =>
  isCatalogueState(p.state)
    ? entryOf(
        p,
        classes.map((c) => c.currency),
      )
    : null;

// ---- Wire forms

const offer = (p: Pick<ProductRecord, 'state' | 'openness' | 'investmentPermission'>) => ({
  allowedSubscriptionTypes: allowedSubscriptionTypes(p),
});

/** What an investor sees of a catalogue product. */
export const toSummary = (p: ProductRecord): ProductSummary => ({
  productId: p.productId,
  ...pick(p, productFields()),
  state: p.state,
  ...offer(p),
});

export const toShareClass = (sc: ShareClassRecord, withVersion: boolean): ShareClass => ({
  shareClassId: sc.shareClassId,
  productId: sc.productId,
  ...pick(sc, shareClassFields()),
  ...(withVersion ? { version: sc.version } : {}),
});

export const toGpProduct = (p: ProductRecord, classes: readonly ShareClassRecord[]): GpProduct => ({
  ...toSummary(p),
  state: p.state,
  shareClasses: classes.map((c) => toShareClass(c, true)),
  version: p.version,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
  ...(p.publishedAt ? { publishedAt: p.publishedAt } : {}),
  ...(p.closedAt ? { closedAt: p.closedAt } : {}),
});

// ---- Portal components

export type VisibilityMap = Partial<Record<PortalComponent, VisibilityState>>;

/** The tenant's default visibility of each section: SHOW unless the tenant hid it. */
export interface PortalComponentsRecord {
  settings: VisibilityMap;
  version: number;
}

// ---- Audit

/** JSON with object keys sorted: DynamoDB does not keep map key order, so compare this way. */
const stableJson = (v: unknown): string =>
  JSON.stringify(v, (_k, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );

/** The changed fields, each with its value before and after (null when absent). */
export const changesOf = <T extends object>(before: T, after: T, fields: readonly (keyof T)[]) =>
  Object.fromEntries(
    fields
      .filter((f) => stableJson(before[f]) !== stableJson(after[f]))
      .map((f) => [f, { from: before[f] ?? null, to: after[f] ?? null }]),
  );
