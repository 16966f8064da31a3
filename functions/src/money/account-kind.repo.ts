import type { Currency } from '@tranche/shared/currency';
import { type AccountFacts, accountKindFor, type InvestmentAccountKind } from '@tranche/shared/money/account-kind';
import { tableName } from '#lib/db/client';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';

/**
 * The account kind an investment opens with (shared/src/money/account-kind.ts), from the BANK# items
 * of the subscription's profile (keys.ts pattern 33: only kind, status and currency are read, never a
 * number). A subscription without a profile pays by bank.
 */
export const accountKindOfProfile = async (
  tenantId: string,
  profileId: string | undefined,
  currency: Currency,
): Promise<InvestmentAccountKind> => {
  if (!profileId) return 'BANK';
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :bank)',
    ExpressionAttributeValues: { ':pk': keys.profilePk(tenantId, profileId), ':bank': 'BANK#' },
    ProjectionExpression: '#kind, #status, currency',
    ExpressionAttributeNames: { '#kind': 'kind', '#status': 'status' },
    ConsistentRead: true,
  });
  return accountKindFor(items as unknown as AccountFacts[], currency);
};
