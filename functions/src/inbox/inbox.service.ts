import type { MarkRead, MarkReadResult } from '@tranche/shared/inbox/inbox.schema';
import type { Actor } from '#lib/audit';
import { db, tableName } from '#lib/db/client';
import { GetCommand, QueryCommand } from '#lib/db/commands';
import { commit, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { getUnreadCount, type MessageItem, messageItemOf } from './inbox.repo.js';

/** Rounds of `all` (each at most MARK_READ_BATCH messages, one transaction): 2,000 unread at most per call. */
const MARK_ALL_ROUNDS = 40;
const MARK_READ_BATCH = 50;

/**
 * The writes that mark these unread messages read and take them off the counter, in one
 * transaction: the counter stays exact because each message is taken off only by the write that
 * flips it (its condition), and a lost race decides again from fresh reads.
 */
const readSteps = (actor: Actor, unread: readonly MessageItem[]): Step[] => {
  const table = tableName();
  if (unread.length === 0) return [];
  return [
    ...unread.map(
      (m): Step => ({
        item: {
          Update: {
            TableName: table,
            Key: keys.inboxMessage(actor.tenantId, actor.userId, m.messageId),
            UpdateExpression: 'SET #read = :true, readAt = :at',
            ConditionExpression: '#read = :false',
            ExpressionAttributeNames: { '#read': 'read' },
            ExpressionAttributeValues: { ':true': true, ':false': false, ':at': actor.at },
          },
        },
      }),
    ),
    {
      item: {
        Update: {
          TableName: table,
          Key: keys.inboxUnread(actor.tenantId, actor.userId),
          UpdateExpression: 'ADD #count :minus',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':minus': -unread.length },
        },
      },
    },
  ];
};

const getMessages = async (actor: Actor, ids: readonly string[]): Promise<MessageItem[]> =>
  Promise.all(
    [...new Set(ids)].map(async (id) => {
      const { Item } = await db.send(
        new GetCommand({
          TableName: tableName(),
          Key: keys.inboxMessage(actor.tenantId, actor.userId, id),
          ConsistentRead: true,
        }),
      );
      // Another user's or tenant's message is simply not in this user's inbox: 404 for the whole request.
      if (!Item) throw new DomainError('MESSAGE_NOT_EXISTS', { messageId: id });
      return messageItemOf(Item);
    }),
  );

const unreadPage = async (actor: Actor): Promise<MessageItem[]> => {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      FilterExpression: '#read = :false',
      ExpressionAttributeNames: { '#read': 'read' },
      ExpressionAttributeValues: {
        ':pk': keys.inboxPk(actor.tenantId, actor.userId),
        ':prefix': keys.inboxMessagePrefix,
        ':false': false,
      },
      ScanIndexForward: false,
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map(messageItemOf).slice(0, MARK_READ_BATCH);
};

/** Marks the given messages (or every unread one) read; answers how many were marked and how many are left. */
export const markRead = async (actor: Actor, body: MarkRead): Promise<MarkReadResult> => {
  let marked = 0;
  if (body.messageIds) {
    const ids = body.messageIds;
    marked = await commit(actor, async () => {
      const unread = (await getMessages(actor, ids)).filter((m) => !m.read);
      return { steps: readSteps(actor, unread), events: [], result: unread.length };
    });
  } else {
    for (let round = 0; round < MARK_ALL_ROUNDS; round++) {
      const done = await commit(actor, async () => {
        const unread = await unreadPage(actor);
        return { steps: readSteps(actor, unread), events: [], result: unread.length };
      });
      marked += done;
      if (done < MARK_READ_BATCH) break;
    }
  }
  return { marked, count: await getUnreadCount(actor.tenantId, actor.userId) };
};
