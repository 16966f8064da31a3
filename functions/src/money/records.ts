import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';

/**
 * The stored-record plumbing the money records share (calls, notices, distributions, corrections,
 * redemptions, contract notes): one way to lift a record out of its item, to guard a versioned put,
 * to read an index newest first and to name a user, so a fix to any of them reaches every record.
 */

/** A record's own fields out of its stored item: keys, index attributes and `type` stay behind. */
export const recordReader =
  <R>(fields: readonly string[]) =>
  (item: Record<string, unknown>): R => {
    const out: Record<string, unknown> = {};
    for (const f of fields) if (item[f] !== undefined) out[f] = item[f];
    return out as R;
  };

/**
 * The condition of a record's Put: a new record (no version read) must not exist yet; a changed one
 * must still be at the version it was read at, so two managers deciding at once cannot both win.
 */
export const versionGuard = (seenVersion: number | undefined) =>
  seenVersion === undefined
    ? { ConditionExpression: 'attribute_not_exists(PK)' }
    : {
        ConditionExpression: '#v = :v',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: { ':v': seenVersion },
      };

/** Every item under `pk` in a money index (GSI1 or GSI2), newest first (the sort keys start with a time). */
export const newestFirst = (index: 'GSI1' | 'GSI2', pk: string) =>
  queryAll({
    TableName: tableName(),
    IndexName: index,
    KeyConditionExpression: `${index}PK = :pk`,
    ExpressionAttributeValues: { ':pk': pk },
    ScanIndexForward: false,
  });

/** How a document or a task names a user: the display name, else the email, else `fallback`. */
export const userName = async (tenantId: string, userId: string, fallback: string): Promise<string> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(tenantId, userId),
      ProjectionExpression: 'displayName, email',
    }),
  );
  return String(Item?.displayName || Item?.email || fallback);
};
