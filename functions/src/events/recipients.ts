import { tableName } from '#lib/db/client';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { type UserRecord, userRecordOf } from '../user/user.repo.js';

/** The tenant's investors who can be written to: registered, not locked or disabled (investors index). */
export const reachableInvestors = async (tenantId: string): Promise<UserRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.investorsIndexPk(tenantId) },
    })
  )
    .map(userRecordOf)
    .filter((u) => u.inviteStatus === 'REGISTERED' && u.accountState === 'normal');
