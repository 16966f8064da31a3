import type { DomainEvent } from '@tranche/shared/events/catalogue';
import {
  INBOX_CATALOGUE,
  INBOX_EVENT_NAMES,
  type InboxKindDef,
  kindsClosedBy,
  kindsOpenedBy,
  localisedParams,
  placeholdersOfKind,
} from '@tranche/shared/inbox/catalogue';
import type { InboxKind } from '@tranche/shared/inbox/kinds';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import type { Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { sendEmail, sendSms } from '#lib/mailer';
import { messageEmail, urgentText } from '../inbox/email.js';
import {
  derivedId,
  findMessage,
  isUrgent,
  type MessageItem,
  searchTextOf,
  type TaskItem,
} from '../inbox/inbox.repo.js';
import { taskChangeSteps } from '../inbox/task.service.js';
import { getTenant } from '../tenant/tenant.repo.js';
import {
  findUser,
  getEmailPreferences,
  getInvestAccountEmailPreferences,
  type UserRecord,
  userRecordOf,
} from '../user/user.repo.js';
import type { Consumer } from './consumer.js';

/**
 * The inbox's consumers (docs/inbox.md): every message and task is created and closed here, from the
 * domain event that causes it (shared/src/inbox/catalogue.ts says which), never by the handler that
 * made the change. `inboxRecords` writes the records with its mark in one transaction, so a
 * redelivered event creates nothing twice; `inboxNotifications` then emails and texts the
 * recipients, each send once (its own mark per message).
 *
 * Ids are derived from the event (derivedId): the notifications find the messages the records
 * created, and a replay that somehow passed the mark would still be refused by the puts' conditions.
 */

const active = (u: UserRecord) => u.inviteStatus === 'REGISTERED' && u.accountState === 'normal';

/** The investors an event names who are this tenant's active investors (anyone else is ignored). */
const namedInvestors = async (tenantId: string, userIds: readonly string[]): Promise<UserRecord[]> => {
  const users = await Promise.all(
    [...new Set(userIds)].map(async (userId) => {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName(), Key: keys.user(tenantId, userId), ConsistentRead: true }),
      );
      return Item ? userRecordOf(Item) : undefined;
    }),
  );
  return users.filter((u): u is UserRecord => u !== undefined && u.role === 'LP' && active(u));
};

/** The manager's whole team (every role sees the team's tasks; the kind says who may act). */
const gpTeam = async (tenantId: string): Promise<UserRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.teamIndexPk(tenantId) },
    })
  )
    .map(userRecordOf)
    .filter(active);

/** The team members an event names (a signing project's sender, a GP user who signs: GP_NAMED kinds). */
const namedTeamMembers = async (tenantId: string, userIds: readonly string[]): Promise<UserRecord[]> =>
  (await Promise.all([...new Set(userIds)].map((userId) => findUser(tenantId, userId)))).filter(
    (u): u is UserRecord => u !== undefined && u.role !== 'LP' && active(u),
  );

const recipientsOf = (event: DomainEvent, def: InboxKindDef): Promise<UserRecord[]> => {
  const named = (event.payload.userIds as string[] | undefined) ?? [];
  if (def.audience === 'GP_TEAM') return gpTeam(event.tenantId);
  if (def.audience === 'GP_NAMED') return namedTeamMembers(event.tenantId, named);
  return namedInvestors(event.tenantId, named);
};

const paramsOf = (kind: InboxKind, payload: Record<string, unknown>): Record<string, string> => {
  const params: Record<string, string> = {};
  for (const p of ['refId', 'productId', ...placeholdersOfKind(kind)]) {
    const value = payload[p];
    if (typeof value === 'string' || typeof value === 'number') params[p] = String(value);
  }
  // A scenario's own words come per language; each reader sees theirs (catalogue.ts `localised`).
  return { ...params, ...localisedParams(kind, payload) };
};

/** A due date is due by the end of that day (UTC). */
const dueAtOf = (payload: Record<string, unknown>): string | undefined =>
  typeof payload.dueDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(payload.dueDate)
    ? `${payload.dueDate}T23:59:59.000Z`
    : undefined;

export const messageIdFor = (event: DomainEvent, kind: InboxKind, userId: string) =>
  derivedId(event.at, `${event.eventId}#${kind}#${userId}`);
export const taskIdFor = (event: DomainEvent, kind: InboxKind) => derivedId(event.at, `${event.eventId}#${kind}#task`);

/** Immediate, in the daily digest, or none (the investor turned the kind's topic off). */
const deliveryOf = async (tenantId: string, user: UserRecord, def: InboxKindDef): Promise<MessageItem['delivery']> => {
  if (def.emailTopic && user.role === 'LP') {
    const topics = await getInvestAccountEmailPreferences(tenantId, user.userId);
    if (!topics[def.emailTopic]) return 'NONE';
  }
  // A task asks for action by a date and an urgent notice cannot wait for tomorrow's digest.
  if (def.category === 'TASK_MESSAGE' || def.urgentWithinDays !== undefined) return 'IMMEDIATE';
  return (await getEmailPreferences(tenantId, user.userId)).inboxDigest ? 'DIGEST' : 'IMMEDIATE';
};

const openSteps = async (event: DomainEvent, kind: InboxKind): Promise<Step[]> => {
  const def: InboxKindDef = INBOX_CATALOGUE[kind];
  const recipients = await recipientsOf(event, def);
  if (recipients.length === 0) return [];
  const table = tableName();
  const { tenantId } = event;
  const params = paramsOf(kind, event.payload);
  const dueAt = dueAtOf(event.payload);
  const searchText = searchTextOf(kind, params);
  const isTask = def.category === 'TASK_MESSAGE';
  const taskId = isTask ? taskIdFor(event, kind) : undefined;
  const assignees = Object.fromEntries(recipients.map((u) => [u.userId, messageIdFor(event, kind, u.userId)]));
  const steps: Step[] = [];
  if (taskId) {
    const refId = String(event.payload.refId);
    const files = Array.isArray(event.payload.files) ? event.payload.files : undefined;
    const task: TaskItem = {
      taskId,
      kind,
      refId,
      status: 'OPEN',
      assignees,
      params,
      version: 1,
      createdAt: event.at,
      ...(files ? { files: files as TaskItem['files'] } : {}),
      ...(dueAt ? { dueAt, dueDate: dueAt.slice(0, 10) } : {}),
    };
    steps.push({
      item: {
        Put: {
          TableName: table,
          Item: {
            ...keys.task(tenantId, taskId),
            ...keys.taskRefIndex(tenantId, refId, kind, taskId),
            ...(dueAt ? keys.taskDueIndex(tenantId, dueAt.slice(0, 10), taskId) : {}),
            type: 'TASK',
            tenantId,
            ...task,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    });
  }
  for (const user of recipients) {
    const messageId = assignees[user.userId] as string;
    const delivery = await deliveryOf(tenantId, user, def);
    const message: MessageItem = {
      messageId,
      userId: user.userId,
      kind,
      category: def.category,
      params,
      createdAt: event.at,
      read: false,
      searchText,
      delivery,
      ...(taskId
        ? { taskId, taskStatus: 'OPEN', completedBySomeoneElse: false, assigneeCount: recipients.length }
        : {}),
      ...(dueAt ? { dueAt } : {}),
    };
    steps.push(
      {
        item: {
          Put: {
            TableName: table,
            Item: {
              ...keys.inboxMessage(tenantId, user.userId, messageId),
              ...(taskId
                ? {
                    ...keys.inboxFilterIndex(tenantId, user.userId, 'IN_PROGRESS', messageId),
                    ...keys.inboxTasksIndex(tenantId, user.userId, messageId),
                  }
                : {}),
              type: 'INBOX_MESSAGE',
              ...message,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
      {
        // The badge: counted in the transaction that adds the message, so it is never off by one.
        item: {
          Update: {
            TableName: table,
            Key: keys.inboxUnread(tenantId, user.userId),
            UpdateExpression: 'ADD #count :one',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      },
    );
    if (delivery === 'DIGEST') {
      steps.push({
        item: {
          Put: {
            TableName: table,
            Item: {
              ...keys.inboxDigestEntry(tenantId, user.userId, messageId),
              ...keys.digestPendingIndex(tenantId, user.userId, messageId),
              type: 'INBOX_DIGEST',
              tenantId,
              userId: user.userId,
              messageId,
            },
          },
        },
      });
    }
  }
  return steps;
};

const closeSteps = async (event: DomainEvent, kinds: readonly InboxKind[]): Promise<Step[]> => {
  const refId = event.payload.refId;
  if (typeof refId !== 'string') return [];
  const found = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.taskRefIndexPk(event.tenantId, refId) },
  });
  const steps: Step[] = [];
  for (const hit of found) {
    if (!kinds.includes(hit.kind as InboxKind)) continue;
    // The index is eventually consistent: decide on the task as it is now.
    const { Item } = await db.send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.task(event.tenantId, String(hit.taskId)),
        ConsistentRead: true,
      }),
    );
    const task = Item as TaskItem | undefined;
    if (!task || (task.status !== 'OPEN' && task.status !== 'IN_PROGRESS')) continue;
    const def: InboxKindDef = INBOX_CATALOGUE[task.kind as InboxKind];
    if (def.closeWhen && !def.closeWhen(event.payload, task)) continue;
    steps.push(...taskChangeSteps(event.tenantId, task, { status: 'CLOSED' }, event.at));
  }
  return steps;
};

/** Creates the messages and tasks an event opens and closes the open tasks it makes moot. */
export const inboxRecords: Consumer = {
  name: 'inboxRecords',
  on: INBOX_EVENT_NAMES,
  records: async (event) => {
    const closing = kindsClosedBy(event.name);
    const steps = closing.length ? await closeSteps(event, closing) : [];
    for (const kind of kindsOpenedBy(event.name, event.payload)) steps.push(...(await openSteps(event, kind)));
    return steps;
  },
};

/** Whether any kind opens on this event (whatever its payload selects). */
const opensAnyKind = (name: string): boolean =>
  Object.values(INBOX_CATALOGUE).some((def: InboxKindDef) => def.opens.includes(name as never));

/** Emails (immediately, when the recipient does not take the digest) and texts what is urgent. */
export const inboxNotifications: Consumer = {
  name: 'inboxNotifications',
  on: INBOX_EVENT_NAMES.filter(opensAnyKind),
  effect: async (event, once) => {
    const kinds = kindsOpenedBy(event.name, event.payload);
    if (kinds.length === 0) return;
    const tenant = await getTenant(event.tenantId);
    const portal = tenant.branding.displayName;
    for (const kind of kinds) {
      const def: InboxKindDef = INBOX_CATALOGUE[kind];
      for (const user of await recipientsOf(event, def)) {
        const message = await findMessage(event.tenantId, user.userId, messageIdFor(event, kind, user.userId));
        // Not created (the user joined the team after the event): nothing to tell them.
        if (!message) continue;
        if (message.delivery === 'IMMEDIATE') {
          await once(`${message.messageId}#email`, async () =>
            sendEmail(await messageEmail(user.email, user.language, portal, tenant.prefix, message)),
          );
        }
        // Spec: SMS only for what is urgent (a capital call due within 2 days), to a confirmed phone.
        if (
          message.delivery !== 'NONE' &&
          user.phone &&
          user.phoneVerified &&
          isUrgent(def, message.taskStatus, message.dueAt)
        ) {
          const phone = user.phone;
          await once(`${message.messageId}#sms`, () => sendSms(phone, urgentText(user.language, portal, message)));
        }
      }
    }
  },
};
