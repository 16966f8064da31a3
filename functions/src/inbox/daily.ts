import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { db, tableName } from '#lib/db/client';
import { BatchWriteCommand } from '#lib/db/commands';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { queryAll } from '#lib/db/query-all';
import { DomainError } from '#lib/errors';
import { logger } from '#lib/logger';
import { sendEmail } from '#lib/mailer';
import { getTenant } from '../tenant/tenant.repo.js';
import { findUser } from '../user/user.repo.js';
import { digestEmail } from './email.js';
import { findMessage, findTask, type MessageItem } from './inbox.repo.js';

/**
 * The inbox's daily job (WORKERS `inboxDaily`: an EventBridge schedule on AWS, a timer in the local
 * stack, POST /_local/schedules/inboxDaily/run in tests):
 *
 * 1. Digests: every user with messages waiting for the digest gets one email listing them, in their
 *    language; the waiting entries are removed once it is sent (a crash between the two sends that
 *    digest again the next day, never loses it).
 * 2. Reminders: every open capital-call task due within 2 days gets one CAPITAL_CALL_DUE_SOON event
 *    (once per task: the task's `remindedAt` is set in the same commit); its consumers write the
 *    message and send the email and the text, like any other event.
 */

const REMINDER_DAYS = 2;
const DAY_MS = 24 * 3600 * 1000;

export interface DailyResult {
  digests: number;
  reminders: number;
}

const sendDigests = async (): Promise<number> => {
  const waiting = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.digestPendingIndexPk },
  });
  const byUser = new Map<string, { tenantId: string; userId: string; messageIds: string[] }>();
  for (const entry of waiting) {
    const tenantId = String(entry.tenantId);
    const userId = String(entry.userId);
    const key = `${tenantId}#${userId}`;
    const group = byUser.get(key) ?? { tenantId, userId, messageIds: [] };
    group.messageIds.push(String(entry.messageId));
    byUser.set(key, group);
  }
  let sent = 0;
  for (const { tenantId, userId, messageIds } of byUser.values()) {
    try {
      const user = await findUser(tenantId, userId);
      const messages = (await Promise.all(messageIds.map((id) => findMessage(tenantId, userId, id))))
        .filter((m): m is MessageItem => m !== undefined)
        .sort((a, b) => (a.messageId < b.messageId ? 1 : -1));
      // A user who left, or is locked, gets no digest; their entries go anyway.
      if (user && user.inviteStatus === 'REGISTERED' && user.accountState === 'normal' && messages.length > 0) {
        const tenant = await getTenant(tenantId);
        await sendEmail(
          await digestEmail(user.email, user.language, tenant.branding.displayName, tenant.prefix, messages),
        );
        sent++;
      }
      for (let i = 0; i < messageIds.length; i += 25) {
        await db.send(
          new BatchWriteCommand({
            RequestItems: {
              [tableName()]: messageIds
                .slice(i, i + 25)
                .map((id) => ({ DeleteRequest: { Key: keys.inboxDigestEntry(tenantId, userId, id) } })),
            },
          }),
        );
      }
    } catch (error) {
      // One user's failure (mail refused) must not hold up everyone else's digest: retried tomorrow.
      logger.error('digest not sent', { error: error as Error, tenantId, userId });
    }
  }
  return sent;
};

const sendReminders = async (now: Date): Promise<number> => {
  let reminders = 0;
  for (let day = 0; day <= REMINDER_DAYS; day++) {
    const date = new Date(now.getTime() + day * DAY_MS).toISOString().slice(0, 10);
    const due = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.taskDueIndexPk(date) },
    });
    for (const hit of due) {
      const tenantId = String(hit.tenantId);
      const task = await findTask(tenantId, String(hit.taskId));
      if (!task?.kind.startsWith('CAPITAL_CALL_') || (task.status !== 'OPEN' && task.status !== 'IN_PROGRESS')) {
        continue;
      }
      if (task.dueAt && Date.parse(task.dueAt) - now.getTime() > REMINDER_DAYS * DAY_MS) continue;
      const actor: Actor = { tenantId, userId: 'SYSTEM', requestId: `inbox-daily-${date}`, at: now.toISOString() };
      try {
        await commit(actor, {
          steps: [
            {
              item: {
                Update: {
                  TableName: tableName(),
                  Key: keys.task(tenantId, task.taskId),
                  UpdateExpression: 'SET remindedAt = :at',
                  ConditionExpression: 'attribute_not_exists(remindedAt) AND #status IN (:open, :started)',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: { ':at': actor.at, ':open': 'OPEN', ':started': 'IN_PROGRESS' },
                },
              },
              refusal: 'TASK_CLOSED',
            },
          ],
          events: [
            event('CAPITAL_CALL_DUE_SOON', task.refId, {
              refId: task.refId,
              userIds: Object.keys(task.assignees),
              fund: task.params.fund ?? '',
              amount: task.params.amount ?? '',
              dueDate: task.dueDate ?? date,
            }),
          ],
          result: undefined,
        });
        reminders++;
      } catch (error) {
        // Reminded already (a second run today), or ended meanwhile: nothing to do.
        if (!(error instanceof DomainError)) throw error;
      }
    }
  }
  return reminders;
};

export const runDaily = async (now: Date = clock.now()): Promise<DailyResult> => {
  const reminders = await sendReminders(now);
  const digests = await sendDigests();
  logger.info('inbox daily job done', { digests, reminders });
  return { digests, reminders };
};

export const handler = async (): Promise<DailyResult> => runDaily();
