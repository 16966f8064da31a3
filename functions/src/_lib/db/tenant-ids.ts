import { tableName } from './client.js';
import { keys } from './keys.js';
import { queryAll } from './query-all.js';

/**
 * Every tenant's id, from the platform's tenant index (GSI2 `PLATFORM#TENANTS`, keys.ts): what a daily
 * worker that acts tenant by tenant walks (KYC expiry, the screening list check, the upload sweep).
 */
export const allTenantIds = async (): Promise<string[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.platformTenantsIndexPk },
    })
  )
    .map((t) => t.tenantId)
    .filter((id): id is string => typeof id === 'string');
