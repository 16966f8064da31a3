import type { ProductState } from '@tranche/shared/enums';
import { isCatalogueState } from '@tranche/shared/product/product-state';
import type { Actor } from '#lib/audit';
import { db, tableName } from '#lib/db/client';
import { BatchGetCommand, GetCommand, QueryCommand } from '#lib/db/commands';
import type { TransactItem } from '#lib/db/commit';
import { decodeCursor, encodeCursor } from '#lib/db/cursor';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';
import {
  type CatalogueEntry,
  decodeShard,
  matchesTokens,
  sameEntry,
  searchText,
  searchTokens,
  shardOf,
  sortCatalogue,
  withEntry,
} from './catalogue.js';
import {
  type PortalComponentsRecord,
  type ProductRecord,
  productItem,
  productRecordOf,
  type ShareClassRecord,
  shardItem,
  shareClassItem,
  shareClassRecordOf,
  summaryProjection,
  type VisibilityMap,
} from './product.items.js';

/**
 * Storage of products, share classes, the catalogue shards and section visibility. Reads answer
 * records; writes are transaction items that the service decides and commits (`#lib/db/commit`),
 * each conditional on what was read, so a lost race makes the service decide again from fresh reads.
 */

// ---- Products and share classes

/** The product's stored record (any state), or productIsNotExist. Documents, folders and the contract check access with it too. */
export const productOr404 = async (
  tenantId: string,
  productId: string,
  consistent: boolean,
): Promise<ProductRecord> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.product(tenantId, productId), ConsistentRead: consistent }),
  );
  if (!Item) throw new DomainError('productIsNotExist');
  return productRecordOf(Item);
};

/** A product's share classes, oldest first (ids are ULIDs). */
const listShareClassRecords = async (
  tenantId: string,
  productId: string,
  consistent: boolean,
): Promise<ShareClassRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sc)',
      ExpressionAttributeValues: { ':pk': keys.productPk(tenantId, productId), ':sc': keys.shareClassPrefix },
      ConsistentRead: consistent,
    })
  ).map(shareClassRecordOf);

/** A product with its share classes, or productIsNotExist. */
export const loadProduct = async (tenantId: string, productId: string, consistent: boolean) => {
  const [product, classes] = await Promise.all([
    productOr404(tenantId, productId, consistent),
    listShareClassRecords(tenantId, productId, consistent),
  ]);
  return { product, classes };
};

/** A product investors may see (published or closed); drafts and other tenants' ids do not exist. */
export const loadCatalogueProduct = async (tenantId: string, productId: string) => {
  const loaded = await loadProduct(tenantId, productId, false);
  if (!isCatalogueState(loaded.product.state)) throw new DomainError('productIsNotExist');
  return loaded;
};

/** Writes the product, if its `rev` is still the one read. */
export const putProduct = (tenantId: string, next: ProductRecord, seenRev: number | undefined): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: productItem(tenantId, next),
    ...(seenRev === undefined
      ? { ConditionExpression: 'attribute_not_exists(PK)' }
      : { ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': seenRev } }),
  },
});

/** Marks a change of the product's share classes (and holds its state) without touching its content. */
export const bumpProductRev = (tenantId: string, product: ProductRecord): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keys.product(tenantId, product.productId),
    UpdateExpression: 'SET rev = :next',
    ConditionExpression: 'rev = :rev',
    ExpressionAttributeValues: { ':rev': product.rev, ':next': product.rev + 1 },
  },
});

/** Holds the product's state and share classes as read, changing nothing. */
export const productUnchanged = (tenantId: string, product: ProductRecord): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: keys.product(tenantId, product.productId),
    ConditionExpression: 'rev = :rev',
    ExpressionAttributeValues: { ':rev': product.rev },
  },
});

export const putShareClass = (
  tenantId: string,
  product: ProductRecord,
  sc: ShareClassRecord,
  seenVersion: number | undefined,
): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: shareClassItem(tenantId, product.createdAt, sc),
    ...(seenVersion === undefined
      ? { ConditionExpression: 'attribute_not_exists(PK)' }
      : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': seenVersion } }),
  },
});

/** Deletes a share class still at the version read and referenced by no subscription. */
export const deleteShareClass = (tenantId: string, sc: ShareClassRecord): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: keys.shareClass(tenantId, sc.productId, sc.shareClassId),
    ConditionExpression: 'version = :v AND (attribute_not_exists(subscriptionCount) OR subscriptionCount = :zero)',
    ExpressionAttributeValues: { ':v': sc.version, ':zero': 0 },
  },
});

// ---- Catalogue shards

interface ShardRead {
  shard: number;
  entries: CatalogueEntry[];
  rev: number | undefined;
}

const readShard = async (tenantId: string, shard: number): Promise<ShardRead> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.catalogueShard(tenantId, shard), ConsistentRead: true }),
  );
  return Item
    ? { shard, entries: decodeShard(Item.data as Uint8Array), rev: Item.rev as number }
    : { shard, entries: [], rev: undefined };
};

/**
 * The transaction item that puts `entry` (null: removes the product) in its catalogue shard, if the
 * shard is still as read; nothing when the entry is unchanged, so edits that investors cannot
 * search on never contend for the shard.
 */
export const catalogueWrite = async (
  tenantId: string,
  productId: string,
  entry: CatalogueEntry | null,
): Promise<TransactItem[]> => {
  const read = await readShard(tenantId, shardOf(productId));
  const current = read.entries.find((e) => e.productId === productId);
  if (sameEntry(current, entry ?? undefined)) return [];
  return [
    {
      Put: {
        TableName: tableName(),
        Item: shardItem(tenantId, read.shard, withEntry(read.entries, productId, entry), (read.rev ?? 0) + 1),
        ...(read.rev === undefined
          ? { ConditionExpression: 'attribute_not_exists(PK)' }
          : { ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': read.rev } }),
      },
    },
  ];
};

/**
 * Decoded shards and each tenant's whole catalogue in order, kept by this container between requests.
 * Every search still reads every shard's `rev` in its one Query, and a shard is decoded again as soon
 * as its rev moves, so the cache never answers from a catalogue older than the read; it only spares
 * the gunzip, parse and sort of unchanged shards. Bounded: the oldest entries go first.
 */
const MAX_CACHED_SHARDS = 1_024;
const MAX_CACHED_TENANTS = 16;
const decodedShards = new Map<string, { rev: number; entries: CatalogueEntry[] }>();
const orderedCatalogues = new Map<string, { signature: string; entries: CatalogueEntry[] }>();

const remember = <V>(cache: Map<string, V>, key: string, value: V, max: number): V => {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > max) cache.delete(cache.keys().next().value as string);
  return value;
};

/** Every catalogue entry of a tenant, in catalogue order: one Query of the shard partition (usually one page). */
export const readCatalogue = async (tenantId: string): Promise<readonly CatalogueEntry[]> => {
  const pk = keys.cataloguePk(tenantId);
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ProjectionExpression: 'SK, rev, #data',
    ExpressionAttributeNames: { '#data': 'data' },
  });
  const shards = items.map((item) => {
    const key = `${pk}|${item.SK as string}`;
    const rev = item.rev as number;
    const cached = decodedShards.get(key);
    const entries =
      cached?.rev === rev
        ? cached.entries
        : remember(decodedShards, key, { rev, entries: decodeShard(item.data as Uint8Array) }, MAX_CACHED_SHARDS)
            .entries;
    return { key, rev, entries };
  });
  const signature = shards.map((s) => `${s.key}:${s.rev}`).join(',');
  const cached = orderedCatalogues.get(pk);
  if (cached?.signature === signature) return cached.entries;
  const entries = sortCatalogue(shards.flatMap((s) => s.entries));
  return remember(orderedCatalogues, pk, { signature, entries }, MAX_CACHED_TENANTS).entries;
};

/** The catalogue products of a page, in the page's order, in one BatchGet (a page is at most 100). */
export const getCatalogueProducts = async (tenantId: string, productIds: string[]): Promise<ProductRecord[]> => {
  if (productIds.length === 0) return [];
  const table = tableName();
  const found = new Map<string, ProductRecord>();
  let pending: Record<string, unknown>[] = productIds.map((id) => keys.product(tenantId, id));
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(200, 20 * 2 ** attempt)));
    const out = await db.send(
      new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ...summaryProjection() } } }),
    );
    for (const item of out.Responses?.[table] ?? []) {
      const record = productRecordOf(item);
      found.set(record.productId, record);
    }
    pending = (out.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
  }
  // A product unpublished between the shard read and this read is left out.
  return productIds.flatMap((id) => {
    const p = found.get(id);
    return p && isCatalogueState(p.state) ? [p] : [];
  });
};

// ---- The GP list

const GP_PAGE_READ = 200;
const GP_MAX_READS = 5;
const GP_CURSOR_KEYS = ['PK', 'SK', 'GSI2PK', 'GSI2SK'] as const;

const cursorOf = (item: Record<string, unknown>) =>
  encodeCursor(Object.fromEntries(GP_CURSOR_KEYS.map((k) => [k, item[k]])));

/**
 * Products newest first, each with its share classes, from one index where every share class sits
 * just before its product. State and text filters run here; a filtered page may come back short
 * (with a cursor) after reading GP_MAX_READS index pages, so a rare match never scans a whole tenant.
 */
export const listGpProductRecords = async (
  tenantId: string,
  query: { state?: ProductState | undefined; q?: string | undefined; limit: number; cursor?: string | undefined },
) => {
  const pk = keys.productsIndexPk(tenantId);
  let startKey: Record<string, unknown> | undefined = await decodeCursor(query.cursor, 'GSI2PK', pk, GP_CURSOR_KEYS);
  const words = searchTokens(query.q);
  const items: { product: ProductRecord; classes: ShareClassRecord[] }[] = [];
  let pendingClasses: ShareClassRecord[] = [];
  let lastProduct: Record<string, unknown> | undefined;
  for (let reads = 0; ; reads++) {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ScanIndexForward: false,
        Limit: GP_PAGE_READ,
        ExclusiveStartKey: startKey,
      }),
    );
    const page = out.Items ?? [];
    for (const [i, item] of page.entries()) {
      if (item.type === 'SHARE_CLASS') {
        pendingClasses.push(shareClassRecordOf(item));
        continue;
      }
      const product = productRecordOf(item);
      // Descending order put the newest class first.
      const classes = pendingClasses.filter((c) => c.productId === product.productId).reverse();
      pendingClasses = [];
      lastProduct = item;
      if ((!query.state || product.state === query.state) && matchesTokens(searchText(product), words)) {
        items.push({ product, classes });
      }
      if (items.length === query.limit) {
        const more = i < page.length - 1 || out.LastEvaluatedKey !== undefined;
        return { items, nextCursor: more ? await cursorOf(item) : undefined };
      }
    }
    if (!out.LastEvaluatedKey) return { items, nextCursor: undefined };
    startKey = out.LastEvaluatedKey;
    // Stop on a product boundary only: the classes read after it are read again with their product.
    if (reads + 1 >= GP_MAX_READS && lastProduct) return { items, nextCursor: await cursorOf(lastProduct) };
  }
};

// ---- Audit trail

export const listProductAuditEvents = async (
  tenantId: string,
  productId: string,
  limit: number,
  cursor: string | undefined,
) => {
  const pk = keys.productPk(tenantId, productId);
  const startKey = await decodeCursor(cursor, 'PK', pk, ['PK', 'SK']);
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :evt)',
      ExpressionAttributeValues: { ':pk': pk, ':evt': keys.auditEventPrefix },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return {
    items: (out.Items ?? []).map((e) => ({
      eventId: e.eventId as string,
      action: e.action as string,
      actorId: e.actorId as string,
      at: e.at as string,
      data: (e.data ?? {}) as Record<string, unknown>,
    })),
    nextCursor: await encodeCursor(out.LastEvaluatedKey),
  };
};

// ---- Section visibility

const getPortalComponents = async (key: { PK: string; SK: string }, consistent: boolean) => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: consistent }));
  return Item
    ? ({ settings: Item.settings as VisibilityMap, version: Item.version as number } satisfies PortalComponentsRecord)
    : undefined;
};

export const getTenantPortalComponents = (tenantId: string, consistent = false) =>
  getPortalComponents(keys.tenantPortalComponents(tenantId), consistent);
export const getProductPortalComponents = (tenantId: string, productId: string, consistent = false) =>
  getPortalComponents(keys.productPortalComponents(tenantId, productId), consistent);

/** Writes a visibility document if it is still at the version read (0: it must not exist yet). */
export const putPortalComponents = (
  key: { PK: string; SK: string },
  settings: VisibilityMap,
  seenVersion: number,
  actor: Actor,
): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...key,
      type: 'PORTAL_COMPONENTS',
      settings,
      version: seenVersion + 1,
      updatedAt: actor.at,
      updatedBy: actor.userId,
    },
    ...(seenVersion === 0
      ? { ConditionExpression: 'attribute_not_exists(PK)' }
      : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': seenVersion } }),
  },
});
