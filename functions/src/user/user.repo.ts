import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CurrentUser } from '@tranche/shared/user/user.schema';
import { db, tableName } from '#lib/db/client';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';

const USER_FIELDS = [
  'userId',
  'tenantId',
  'email',
  'displayName',
  'role',
  'inviteStatus',
  'accountState',
  'mfaMethods',
  'language',
  'currency',
] as const satisfies readonly (keyof CurrentUser)[];

export const getUser = async (tenantId: string, userId: string): Promise<CurrentUser> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.user(tenantId, userId) }));
  if (!Item) throw new DomainError('AccountNotExist');
  return Object.fromEntries(USER_FIELDS.map((f) => [f, Item[f]])) as unknown as CurrentUser;
};
