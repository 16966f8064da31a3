import { createHash } from 'node:crypto';
import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@tranche/shared/auth/roles';
import type { Lang } from '@tranche/shared/i18n/langs';
import { ACTION_LABELS, fill, INBOX_CATALOGUE, type InboxKindDef, renderKind } from '@tranche/shared/inbox/catalogue';
import type { InboxMessage, TaskView } from '@tranche/shared/inbox/inbox.schema';
import {
  INBOX_KINDS,
  type InboxKind,
  type MessageCategory,
  type TaskFilter,
  type TaskStatus,
} from '@tranche/shared/inbox/kinds';
import { clock } from '#lib/clock';
import { db, tableName } from '#lib/db/client';
import { decodeCursor, encodeCursor } from '#lib/db/cursor';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';

/**
 * The inbox's storage (docs/inbox.md "Data model", keys.ts patterns 26-31): one message item per
 * recipient, newest first by its ULID; a task item shared by its assignees, whose state each
 * assignee's message item mirrors (written in the same transactions), so a list never joins.
 */

/** A recipient's message item, as stored. */
export interface MessageItem {
  messageId: string;
  userId: string;
  kind: InboxKind;
  category: MessageCategory;
  params: Record<string, string>;
  createdAt: string;
  read: boolean;
  readAt?: string;
  /** Lower-case title and body in every language: what `q` searches. */
  searchText: string;
  /** How its email goes: at once, in the daily digest, or not at all (the user turned the topic off). */
  delivery: 'IMMEDIATE' | 'DIGEST' | 'NONE';
  taskId?: string;
  /** The task as this recipient sees it (mirrors the task item). */
  taskStatus?: TaskStatus;
  completedBySomeoneElse?: boolean;
  decision?: 'APPROVED' | 'REJECTED';
  completedAt?: string;
  dueAt?: string;
  assigneeCount?: number;
}

/** The shared task, as stored. */
export interface TaskItem {
  taskId: string;
  kind: string;
  refId: string;
  status: TaskStatus;
  /** userId -> that assignee's message id. */
  assignees: Record<string, string>;
  params: Record<string, string>;
  files?: { fileId: string; name: string; role: 'READ' | 'SIGN' | 'PROVIDE' }[];
  dueAt?: string;
  dueDate?: string;
  doneBy?: string;
  decision?: 'APPROVED' | 'REJECTED';
  completedAt?: string;
  version: number;
  createdAt: string;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A ULID whose time is `at` and whose randomness is a hash of `seed`: a replayed event derives the
 * same message and task ids, so what it creates can be found again (by the email consumer, by a
 * retry) and a conditional put refuses the second copy.
 */
export const derivedId = (at: string, seed: string): string => {
  let time = Date.parse(at);
  let head = '';
  for (let i = 0; i < 10; i++) {
    head = CROCKFORD[time % 32] + head;
    time = Math.floor(time / 32);
  }
  const digest = createHash('sha256').update(seed).digest();
  let tail = '';
  for (let i = 0; i < 16; i++) tail += CROCKFORD[(digest[i] ?? 0) % 32];
  return head + tail;
};

/** The kind's catalogue entry, or TASK_PARSE_ERROR for a stored kind this code does not know. */
export const kindDef = (kind: string): InboxKindDef => {
  if (!(INBOX_KINDS as readonly string[]).includes(kind)) throw new DomainError('TASK_PARSE_ERROR');
  return INBOX_CATALOGUE[kind as InboxKind];
};

export const searchTextOf = (kind: InboxKind, params: Record<string, string>): string => {
  const en = renderKind(kind, 'en', params);
  const zh = renderKind(kind, 'zh-CN', params);
  return `${en.title}\n${en.body}\n${zh.title}\n${zh.body}`.toLowerCase();
};

const URGENT_MS_PER_DAY = 24 * 3600 * 1000;

/** Whether an open task is due within its kind's urgency window. */
export const isUrgent = (def: InboxKindDef, status: TaskStatus | undefined, dueAt: string | undefined): boolean =>
  def.urgentWithinDays !== undefined &&
  dueAt !== undefined &&
  (status === undefined || status === 'OPEN' || status === 'IN_PROGRESS') &&
  Date.parse(dueAt) - clock.now().getTime() <= def.urgentWithinDays * URGENT_MS_PER_DAY;

/** The API's view of one message item, for the signed-in user in the request's language. */
export const toInboxMessage = (item: MessageItem, lang: Lang, role: Role): InboxMessage => {
  const def = kindDef(item.kind);
  const { title, body } = renderKind(item.kind, lang, item.params);
  const pathParams = { ...item.params, messageId: item.messageId, ...(item.taskId ? { taskId: item.taskId } : {}) };
  const view: InboxMessage = {
    messageId: item.messageId,
    kind: item.kind,
    category: item.category,
    title,
    body,
    params: item.params,
    createdAt: item.createdAt,
    read: item.read,
    ...(item.readAt ? { readAt: item.readAt } : {}),
    ...(def.action
      ? { action: { action: def.action, label: ACTION_LABELS[def.action][lang], path: fill(def.path, pathParams) } }
      : {}),
  };
  if (item.category === 'TASK_MESSAGE' && item.taskId) {
    const status = item.taskStatus ?? 'OPEN';
    const task: TaskView = {
      taskId: item.taskId,
      status,
      completedBySomeoneElse: item.completedBySomeoneElse ?? false,
      ...(item.dueAt ? { dueAt: item.dueAt } : {}),
      urgent: isUrgent(def, status, item.dueAt),
      assigneeCount: item.assigneeCount ?? 1,
      mayAct: def.actors.includes(role),
      needsDecision: def.approval ?? false,
      ...(item.decision ? { decision: item.decision } : {}),
      ...(item.completedAt ? { completedAt: item.completedAt } : {}),
    };
    view.task = task;
  }
  return view;
};

export const messageItemOf = (raw: Record<string, unknown>): MessageItem => raw as unknown as MessageItem;

export const findMessage = async (tenantId: string, userId: string, messageId: string) => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.inboxMessage(tenantId, userId, messageId),
      ConsistentRead: true,
    }),
  );
  return Item ? messageItemOf(Item) : undefined;
};

export const findTask = async (tenantId: string, taskId: string): Promise<TaskItem | undefined> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.task(tenantId, taskId), ConsistentRead: true }),
  );
  return Item ? (Item as unknown as TaskItem) : undefined;
};

/**
 * A task the user is an assignee of; anything else (no such task, another user's, another tenant's)
 * is TASK_NOT_EXISTS, so an id tells an outsider nothing. A stored task this code cannot read is
 * TASK_PARSE_ERROR.
 */
export const getAssignedTask = async (
  tenantId: string,
  userId: string,
  taskId: string,
): Promise<{ task: TaskItem; def: InboxKindDef; messageId: string }> => {
  const task = await findTask(tenantId, taskId);
  const messageId = task?.assignees?.[userId];
  if (!task || !messageId) throw new DomainError('TASK_NOT_EXISTS');
  const def = kindDef(task.kind);
  if (def.category !== 'TASK_MESSAGE' || typeof task.version !== 'number' || typeof task.status !== 'string') {
    throw new DomainError('TASK_PARSE_ERROR');
  }
  return { task, def, messageId };
};

export const getUnreadCount = async (tenantId: string, userId: string): Promise<number> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.inboxUnread(tenantId, userId), ConsistentRead: true }),
  );
  return Math.max(0, Number(Item?.count ?? 0));
};

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
const MAX_READ_PER_PAGE = 1000;

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
  let start = await decodeCursor(o.cursor, index.pkAttr, index.pk, index.keysAllowed);
  const items: MessageItem[] = [];
  let read = 0;
  do {
    const input: QueryCommandInput = {
      TableName: tableName(),
      ...(index.name ? { IndexName: index.name } : {}),
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
      // Without a filter every item read is kept: read exactly what the page needs.
      Limit:
        filters.length === 0 ? o.limit - items.length : Math.min(MAX_READ_PER_PAGE - read, Math.max(o.limit * 4, 50)),
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ...(start ? { ExclusiveStartKey: start } : {}),
    };
    const out = await db.send(new QueryCommand(input));
    read += out.ScannedCount ?? 0;
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

/** The banner: the user's waiting task that is urgent, else due soonest, else newest; none without one. */
export const bannerMessage = async (tenantId: string, userId: string): Promise<MessageItem | undefined> => {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': `${keys.inboxPk(tenantId, userId)}#IN_PROGRESS` },
      ScanIndexForward: false,
      // The newest hundred waiting tasks: a banner is about what is current.
      Limit: 100,
    }),
  );
  const waiting = (out.Items ?? []).map(messageItemOf);
  const score = (m: MessageItem) => {
    const def = kindDef(m.kind);
    const urgent = isUrgent(def, m.taskStatus, m.dueAt) ? 0 : 1;
    return [urgent, m.dueAt ? Date.parse(m.dueAt) : Number.POSITIVE_INFINITY] as const;
  };
  return waiting.sort((a, b) => {
    const [ua, da] = score(a);
    const [ub, dbb] = score(b);
    return ua - ub || da - dbb || (a.messageId < b.messageId ? 1 : -1);
  })[0];
};
