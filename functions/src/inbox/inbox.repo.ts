import { createHash } from 'node:crypto';
import type { Role } from '@tranche/shared/auth/roles';
import type { Lang } from '@tranche/shared/i18n/langs';
import { ACTION_LABELS, fill, INBOX_CATALOGUE, type InboxKindDef, renderKind } from '@tranche/shared/inbox/catalogue';
import type { InboxMessage, TaskView } from '@tranche/shared/inbox/inbox.schema';
import { INBOX_KINDS, type InboxKind, type MessageCategory, type TaskStatus } from '@tranche/shared/inbox/kinds';
import { clock } from '#lib/clock';
import { db, tableName } from '#lib/db/client';
import { GetCommand, QueryCommand } from '#lib/db/commands';
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
