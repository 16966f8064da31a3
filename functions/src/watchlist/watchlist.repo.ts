import { PRODUCT_STATES, type ProductState } from '@tranche/shared/enums';
import { isCatalogueState } from '@tranche/shared/product/product-state';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import type { TransactItem } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';

/**
 * Storage of watchlists: one item per saved fund in the investor's own partition (keys.ts pattern
 * 25), holding only the product id and when it was saved; what the fund is comes from the product
 * item at read time, so a saved fund shows its current name, terms and state.
 */

export interface WatchlistEntry {
  productId: string;
  savedAt: string;
}

/** Every fund the investor saved, read consistently (a page reloaded right after a save shows it). */
export const readEntries = async (tenantId: string, userId: string): Promise<WatchlistEntry[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :watch)',
      ExpressionAttributeValues: { ':pk': keys.userPk(tenantId, userId), ':watch': keys.watchlistPrefix },
      ProjectionExpression: 'productId, savedAt',
      ConsistentRead: true,
    })
  ).map((item) => ({ productId: item.productId as string, savedAt: item.savedAt as string }));

export const readEntry = async (
  tenantId: string,
  userId: string,
  productId: string,
): Promise<WatchlistEntry | undefined> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.watchlistEntry(tenantId, userId, productId),
      ConsistentRead: true,
    }),
  );
  return Item ? { productId: Item.productId as string, savedAt: Item.savedAt as string } : undefined;
};

/**
 * Whether investors of this tenant can see the product (published or closed). A key built from the
 * caller's tenant never reaches another tenant's product, so a foreign id is simply absent.
 */
export const isVisibleProduct = async (tenantId: string, productId: string): Promise<boolean> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.product(tenantId, productId),
      ProjectionExpression: '#state',
      ExpressionAttributeNames: { '#state': 'state' },
      ConsistentRead: true,
    }),
  );
  return Item !== undefined && isCatalogueState(Item.state as ProductState);
};

/** Adds the entry, if it is not there yet (a concurrent save of the same fund makes the loser decide again). */
export const putEntry = (tenantId: string, userId: string, entry: WatchlistEntry): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...keys.watchlistEntry(tenantId, userId, entry.productId), type: 'WATCHLIST_ENTRY', ...entry },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

const CATALOGUE_STATES = PRODUCT_STATES.filter(isCatalogueState);

/** Holds the save to the product still being in the catalogue when the transaction commits. */
export const productStillVisible = (tenantId: string, productId: string): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: keys.product(tenantId, productId),
    ConditionExpression: `#state IN (${CATALOGUE_STATES.map((_, i) => `:s${i}`).join(', ')})`,
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: Object.fromEntries(CATALOGUE_STATES.map((s, i) => [`:s${i}`, s])),
  },
});

/** The watchlist's version as read now (0 before the first save that recorded one). */
export const readVersion = async (tenantId: string, userId: string): Promise<number> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.watchlistVersion(tenantId, userId), ConsistentRead: true }),
  );
  return (Item?.version as number | undefined) ?? 0;
};

/**
 * Moves the version on from the one the save was decided on. Two saves decided on the same count
 * cannot both commit: the loser decides again on fresh reads, so the limit cannot be passed by a race.
 */
export const bumpVersion = (tenantId: string, userId: string, readAs: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keys.watchlistVersion(tenantId, userId),
    UpdateExpression: 'SET version = :next, #type = :type',
    ConditionExpression: readAs === 0 ? 'attribute_not_exists(version) OR version = :read' : 'version = :read',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':next': readAs + 1, ':read': readAs, ':type': 'WATCHLIST_VERSION' },
  },
});

/** Removes the entry, if it is still there. */
export const deleteEntry = (tenantId: string, userId: string, productId: string): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: keys.watchlistEntry(tenantId, userId, productId),
    ConditionExpression: 'attribute_exists(PK)',
  },
});
