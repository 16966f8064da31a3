import type { InvestorOrder, InvestorSummary } from '@tranche/shared/console/console.schema';
import type { AccountInviteStatus } from '@tranche/shared/enums';
import { db, tableName } from '#lib/db/client';
import { QueryCommand } from '#lib/db/commands';
import { decodeCursor, encodeCursor } from '#lib/db/cursor';
import { keys } from '#lib/db/keys';
import { matchesTokens, normaliseText, searchTokens } from '../product/catalogue.js';
import { type UserRecord, userRecordOf } from '../user/user.repo.js';

/** Index items read per request, and requests per page: a search that matches little stops early. */
const PAGE_READ = 200;
const MAX_READS = 5;
const CURSOR_KEYS = ['PK', 'SK', 'GSI2PK', 'GSI2SK'] as const;

export const toInvestorSummary = (user: UserRecord): InvestorSummary => ({
  userId: user.userId,
  email: user.email,
  displayName: user.displayName,
  inviteStatus: user.inviteStatus,
  accountState: user.accountState,
  mfaMethods: user.mfaMethods ?? [],
  createdAt: user.createdAt,
});

/** Whether an investor matches a search: every word in the name or the email (case and accents ignored). */
export const investorMatches = (user: Pick<UserRecord, 'displayName' | 'email'>, words: readonly string[]): boolean =>
  words.length === 0 || matchesTokens(normaliseText(`${user.displayName} ${user.email}`), words);

/**
 * The tenant's investors from the investors index (pattern 22), newest or oldest first: the index's
 * own order, so a page is one range read and never the whole partition. The search words and the
 * status are applied to what is read, up to MAX_READS reads of PAGE_READ items; a page may then hold
 * fewer than `limit` investors while `nextCursor` says there is more (the products list does the same).
 * The cursor seals the last investor looked at, and only opens inside this tenant's index.
 */
export const listInvestors = async (
  tenantId: string,
  query: {
    q?: string | undefined;
    status?: AccountInviteStatus | undefined;
    order?: InvestorOrder | undefined;
    limit: number;
    cursor?: string | undefined;
  },
) => {
  const pk = keys.investorsIndexPk(tenantId);
  let startKey: Record<string, unknown> | undefined = await decodeCursor(query.cursor, 'GSI2PK', pk, CURSOR_KEYS);
  const words = searchTokens(query.q);
  const items: InvestorSummary[] = [];
  const cursorOf = (item: Record<string, unknown>) =>
    encodeCursor(Object.fromEntries(CURSOR_KEYS.map((k) => [k, item[k]])));
  for (let reads = 0; ; reads++) {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ScanIndexForward: query.order === 'oldest',
        Limit: PAGE_READ,
        ExclusiveStartKey: startKey,
      }),
    );
    const page = out.Items ?? [];
    for (const [i, item] of page.entries()) {
      const user = userRecordOf(item);
      if ((!query.status || user.inviteStatus === query.status) && investorMatches(user, words)) {
        items.push(toInvestorSummary(user));
      }
      if (items.length === query.limit) {
        const more = i < page.length - 1 || out.LastEvaluatedKey !== undefined;
        return { items, ...(more ? { nextCursor: await cursorOf(item) } : {}) };
      }
    }
    if (!out.LastEvaluatedKey) return { items };
    startKey = out.LastEvaluatedKey;
    if (reads + 1 >= MAX_READS) {
      const nextCursor = await encodeCursor(out.LastEvaluatedKey);
      return { items, ...(nextCursor ? { nextCursor } : {}) };
    }
  }
};
