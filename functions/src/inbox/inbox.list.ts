import type { InboxKind, MessageCategory, TaskFilter } from '@tranche/shared/inbox/kinds';
import { db, tableName } from '#lib/db/client';
import { QueryCommand, type QueryCommandInput } from '#lib/db/commands';
import { decodeCursor, encodeCursor } from '#lib/db/cursor';
import { keys } from '#lib/db/keys';
import { type MessageItem, messageItemOf } from './inbox.repo.js';

/**
 * The inbox's list query, apart from inbox.repo.ts so that the event consumers (which share the
 * repo) do not carry the page-cursor sealing and its secret reading into the dispatcher's bundle.
 */

export interface ListOptions {
  filter: TaskFilter;
  category?: MessageCategory;
  unread?: boolean;
  q?: string;
  kind?: InboxKind;
  /** Task messages only (the task list). */
  tasksOnly?: boolean;
  limit: number;
  cursor?: string;
}

/** Most items one page may read while filtering, so a rare filter cannot read a whole inbox at once. */
const MAX_READ_PER_PAGE = 500;
/**
 * What a page shows (and its keys, for the cursor): not the search text, which is most of an item's
 * size and only the filter reads. Every name is aliased: several (`read`, `kind`) are reserved words.
 */
const SHOWN = [
  'messageId',
  'userId',
  'kind',
  'category',
  'params',
  'createdAt',
  'read',
  'readAt',
  'taskId',
  'taskStatus',
  'completedBySomeoneElse',
  'decision',
  'completedAt',
  'dueAt',
  'assigneeCount',
] as const;

/**
 * One page of the user's inbox, newest first. The filter picks the partition read: the inbox itself
 * (ALL), the task filter index (IN_PROGRESS, DONE, CLOSED) or the tasks index (ALL tasks); category,
 * unread, kind and words filter within it. A page reads at most MAX_READ_PER_PAGE items and may come
 * back short with a cursor: the client asks for the next page as usual.
 */
export const listMessages = async (tenantId: string, userId: string, o: ListOptions) => {
  const inboxPk = keys.inboxPk(tenantId, userId);
  // Common messages have no task status: under a status filter there are none.
  if (o.filter !== 'ALL' && o.category === 'COMMON_MESSAGE') return { items: [] as MessageItem[] };
  if (o.tasksOnly && o.category === 'COMMON_MESSAGE') return { items: [] as MessageItem[] };
  let index: { name?: string; pkAttr: string; pk: string; skAttr: string; keysAllowed: string[] };
  if (o.filter !== 'ALL') {
    index = {
      name: 'GSI1',
      pkAttr: 'GSI1PK',
      pk: `${inboxPk}#${o.filter}`,
      skAttr: 'GSI1SK',
      keysAllowed: ['PK', 'SK', 'GSI1PK', 'GSI1SK'],
    };
  } else if (o.tasksOnly || o.category === 'TASK_MESSAGE') {
    index = {
      name: 'GSI2',
      pkAttr: 'GSI2PK',
      pk: `${inboxPk}#TASKS`,
      skAttr: 'GSI2SK',
      keysAllowed: ['PK', 'SK', 'GSI2PK', 'GSI2SK'],
    };
  } else {
    index = { pkAttr: 'PK', pk: inboxPk, skAttr: 'SK', keysAllowed: ['PK', 'SK'] };
  }
  const filters: string[] = [];
  const values: Record<string, unknown> = { ':pk': index.pk, ':prefix': keys.inboxMessagePrefix };
  const names: Record<string, string> = { '#pk': index.pkAttr, '#sk': index.skAttr };
  if (o.category && index.name === undefined) {
    filters.push('category = :category');
    values[':category'] = o.category;
  }
  if (o.unread !== undefined) {
    filters.push('#read = :read');
    names['#read'] = 'read';
    values[':read'] = !o.unread;
  }
  if (o.kind) {
    filters.push('kind = :kind');
    values[':kind'] = o.kind;
  }
  if (o.q) {
    // Every word must appear (in either language): `contains` per word, on the lower-cased text.
    o.q
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 5)
      .forEach((word, i) => {
        filters.push(`contains(searchText, :w${i})`);
        values[`:w${i}`] = word;
      });
  }
  const projected = [...SHOWN, ...index.keysAllowed];
  projected.forEach((attr, i) => {
    names[`#p${i}`] = attr;
  });
  const projection = projected.map((_, i) => `#p${i}`).join(', ');
  let start = await decodeCursor(o.cursor, index.pkAttr, index.pk, index.keysAllowed);
  const items: MessageItem[] = [];
  let read = 0;
  // A filtered read starts with twice the page (a common filter such as unread fills it at once) and
  // triples while the page is not full (a rare word), up to MAX_READ_PER_PAGE items in all.
  let chunk = o.limit * 2;
  do {
    const input: QueryCommandInput = {
      TableName: tableName(),
      ...(index.name ? { IndexName: index.name } : {}),
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
      // Without a filter every item read is kept: read exactly what the page needs.
      Limit: filters.length === 0 ? o.limit - items.length : Math.min(MAX_READ_PER_PAGE - read, chunk),
      ProjectionExpression: projection,
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ...(start ? { ExclusiveStartKey: start } : {}),
    };
    const out = await db.send(new QueryCommand(input));
    read += out.ScannedCount ?? 0;
    chunk *= 3;
    for (const raw of out.Items ?? []) {
      if (items.length < o.limit) items.push(messageItemOf(raw));
    }
    start = out.LastEvaluatedKey as Record<string, string> | undefined;
    // A page filled from the middle of a read: continue after the last item kept, not after the read.
    if (items.length >= o.limit && (out.Items?.length ?? 0) > 0) {
      const last = items[items.length - 1] as MessageItem;
      const lastRaw = (out.Items ?? []).find((r) => r.messageId === last.messageId);
      if (lastRaw && lastRaw !== (out.Items ?? [])[(out.Items?.length ?? 0) - 1]) {
        start = Object.fromEntries(index.keysAllowed.map((k) => [k, String(lastRaw[k])]));
      }
      break;
    }
  } while (start && read < MAX_READ_PER_PAGE);
  const nextCursor = start ? await encodeCursor(start) : undefined;
  return { items, ...(nextCursor ? { nextCursor } : {}) };
};
