import { db, tableName } from '#lib/db/client';
import { QueryCommand } from '#lib/db/commands';
import { decodeCursor, encodeCursor } from '#lib/db/cursor';
import { keys } from '#lib/db/keys';
import { toPlatformTenant } from './platform-tenant.js';

const INDEX_KEY_ATTRIBUTES = ['PK', 'SK', 'GSI2PK', 'GSI2SK'] as const;

/** Every tenant of the deployment, oldest first, from the platform index (keys.ts pattern 24). */
export const listPlatformTenants = async (query: { limit?: number | undefined; cursor?: string | undefined }) => {
  const pk = keys.platformTenantsIndexPk;
  const startKey = await decodeCursor(query.cursor, 'GSI2PK', pk, INDEX_KEY_ATTRIBUTES);
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      Limit: query.limit ?? 50,
      ...(startKey ? { ExclusiveStartKey: startKey } : {}),
    }),
  );
  const nextCursor = await encodeCursor(out.LastEvaluatedKey);
  return { items: (out.Items ?? []).map(toPlatformTenant), ...(nextCursor ? { nextCursor } : {}) };
};
