import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ProductSummary, ShareClass } from '@tranche/shared/product/product.schema';
import { db, tableName } from '#lib/db/client';
import { decodeCursor, encodeCursor } from '#lib/db/cursor';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';

export type ProductState = 'DRAFT' | 'PUBLISHED' | 'CLOSED';

export interface ProductRecord extends ProductSummary {
  state: ProductState;
}

const PRODUCT_FIELDS = [
  'productId',
  'name',
  'summary',
  'fundType',
  'openness',
  'investmentPermission',
  'dealingFrequency',
  'objectives',
  'regions',
  'investorTypes',
  'currency',
  'minInvestment',
  'targetSize',
  'closingDate',
] as const satisfies readonly (keyof ProductSummary)[];

const SHARE_CLASS_FIELDS = [
  'shareClassId',
  'productId',
  'name',
  'currency',
  'minInvestment',
  'managementFee',
  'subscriptionFee',
] as const satisfies readonly (keyof ShareClass)[];

const pick = <T>(item: Record<string, unknown>, fields: readonly string[]): T =>
  Object.fromEntries(fields.filter((f) => item[f] !== undefined).map((f) => [f, item[f]])) as T;

export const toSummary = (item: Record<string, unknown>): ProductSummary => pick<ProductSummary>(item, PRODUCT_FIELDS);
export const toShareClass = (item: Record<string, unknown>): ShareClass => pick<ShareClass>(item, SHARE_CLASS_FIELDS);

/** Published products only ever appear in the sparse listing index; drafts have no GSI1 keys. */
export const listPublishedProducts = async (tenantId: string, limit: number, cursor: string | undefined) => {
  const pk = keys.productsIndexPk(tenantId);
  const startKey = decodeCursor(cursor, 'GSI1PK', pk, ['PK', 'SK', 'GSI1PK', 'GSI1SK']);
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { items: (out.Items ?? []).map(toSummary), nextCursor: encodeCursor(out.LastEvaluatedKey) };
};

/** A published product with its share classes, in one Query of its partition. */
export const getPublishedProduct = async (tenantId: string, productId: string) => {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.productPk(tenantId, productId) },
    }),
  );
  const items = out.Items ?? [];
  const meta = items.find((i) => i.SK === '#META');
  if (!meta || meta.state !== 'PUBLISHED') throw new DomainError('productIsNotExist');
  const shareClasses = items.filter((i) => String(i.SK).startsWith(keys.shareClassPrefix)).map(toShareClass);
  return { ...toSummary(meta), shareClasses };
};
