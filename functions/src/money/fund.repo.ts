import type { Currency } from '@tranche/shared/currency';
import type { FundType } from '@tranche/shared/enums';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';

/**
 * What money needs of a product and its share classes: name, fund type and currencies, read from
 * the product's items (keys.ts pattern 3) without the product module's schemas and rules, which
 * every money handler would otherwise carry. Any state: calls and NAVs concern drafts and closed
 * funds too. Another tenant's product is not found (the tenant is in the key).
 */
export interface Fund {
  productId: string;
  name: string;
  fundType: FundType;
  currency: Currency;
  dealingFrequency: string;
  /** The redemption gate, percent of NAV per dealing date (product setting); undefined: no gate. */
  redemptionGatePercent?: string;
}

export const readFund = async (tenantId: string, productId: string): Promise<Fund> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.product(tenantId, productId),
      ConsistentRead: true,
      ProjectionExpression: '#n, fundType, currency, dealingFrequency, redemptionGatePercent',
      ExpressionAttributeNames: { '#n': 'name' },
    }),
  );
  if (!Item) throw new DomainError('productIsNotExist');
  return {
    productId,
    name: String((Item.name as { en?: string } | undefined)?.en ?? ''),
    fundType: Item.fundType as FundType,
    currency: Item.currency as Currency,
    dealingFrequency: String(Item.dealingFrequency ?? ''),
    ...(Item.redemptionGatePercent ? { redemptionGatePercent: String(Item.redemptionGatePercent) } : {}),
  };
};

/** A published fee as the share class stores it (product.schema.ts FeeShape); dealing.ts `chargedFee` reads it. */
export interface StoredFee {
  type: string;
  display: string;
  value?: string;
}

export interface FundClass {
  shareClassId: string;
  currency: Currency;
  subscriptionFee?: StoredFee;
  redemptionFee?: StoredFee;
}

export const readClasses = async (tenantId: string, productId: string): Promise<FundClass[]> =>
  (
    await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sc)',
      ExpressionAttributeValues: { ':pk': keys.productPk(tenantId, productId), ':sc': keys.shareClassPrefix },
      ProjectionExpression: 'shareClassId, currency, subscriptionFee, redemptionFee',
      ConsistentRead: true,
    })
  ).map((i) => ({
    shareClassId: String(i.shareClassId),
    currency: i.currency as Currency,
    ...(i.subscriptionFee ? { subscriptionFee: i.subscriptionFee as StoredFee } : {}),
    ...(i.redemptionFee ? { redemptionFee: i.redemptionFee as StoredFee } : {}),
  }));

/** The product and one of its classes; 404 productIsNotExist / shareClassIsNotExist otherwise. */
export const readFundClass = async (tenantId: string, productId: string, shareClassId: string) => {
  const [fund, classes] = await Promise.all([readFund(tenantId, productId), readClasses(tenantId, productId)]);
  const shareClass = classes.find((c) => c.shareClassId === shareClassId);
  if (!shareClass) throw new DomainError('shareClassIsNotExist');
  return { fund, shareClass, classes };
};
