import type { Role } from '@tranche/shared/auth/roles';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { InboxMessage } from '@tranche/shared/inbox/inbox.schema';
import { filterOf, type TaskStatus } from '@tranche/shared/inbox/kinds';
import { TASK_LIFECYCLE, type TaskEvent, viewStatus } from '@tranche/shared/inbox/task-lifecycle';
import type { Actor } from '#lib/audit';
import { tableName } from '#lib/db/client';
import { commit, event, type Step } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { findMessage, getAssignedTask, type TaskItem, toInboxMessage } from './inbox.repo.js';

/**
 * Acting on a task (docs/inbox.md "Tasks"): START, COMPLETE (POST /tasks/{id}) and DECIDE
 * (/tasks/notice-task-approval). The task item's status is the one truth shared by its assignees;
 * the change is conditional on the status it was decided from, so of many parallel completions one
 * commits and every other finds the task DONE (TASK_CLOSED). Each assignee's message item is
 * rewritten in the same transaction, so every inbox and filter shows the new state at once.
 */

export interface TaskChange {
  status: TaskStatus;
  doneBy?: string;
  decision?: 'APPROVED' | 'REJECTED';
  completedAt?: string;
}

/** The writes that move a task and mirror it on every assignee's message item. */
export const taskChangeSteps = (tenantId: string, task: TaskItem, change: TaskChange, at: string): Step[] => {
  const table = tableName();
  const ended = change.status === 'DONE' || change.status === 'CLOSED';
  const taskStep: Step = {
    item: {
      Update: {
        TableName: table,
        Key: keys.task(tenantId, task.taskId),
        UpdateExpression: [
          'SET #status = :status, version = :next, updatedAt = :at',
          change.doneBy ? ', doneBy = :doneBy' : '',
          change.decision ? ', decision = :decision' : '',
          change.completedAt ? ', completedAt = :completedAt' : '',
          // An ended task leaves the daily reminders' index.
          ended ? ' REMOVE GSI2PK, GSI2SK' : '',
        ].join(''),
        // Decided from this version: any other change since (another assignee's) fails the condition.
        ConditionExpression: 'version = :version',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': change.status,
          ':version': task.version,
          ':next': task.version + 1,
          ':at': at,
          ...(change.doneBy ? { ':doneBy': change.doneBy } : {}),
          ...(change.decision ? { ':decision': change.decision } : {}),
          ...(change.completedAt ? { ':completedAt': change.completedAt } : {}),
        },
      },
    },
  };
  const mirrors: Step[] = Object.entries(task.assignees).map(([userId, messageId]) => {
    const seen = viewStatus(change.status, change.doneBy, userId);
    return {
      item: {
        Update: {
          TableName: table,
          Key: keys.inboxMessage(tenantId, userId, messageId),
          UpdateExpression: [
            'SET taskStatus = :seen, completedBySomeoneElse = :other, GSI1PK = :filterPk',
            change.decision ? ', decision = :decision' : '',
            change.completedAt ? ', completedAt = :completedAt' : '',
          ].join(''),
          ExpressionAttributeValues: {
            ':seen': seen,
            ':other': change.status === 'DONE' && change.doneBy !== undefined && change.doneBy !== userId,
            ':filterPk': keys.inboxFilterIndex(tenantId, userId, filterOf(seen), messageId).GSI1PK,
            ...(change.decision ? { ':decision': change.decision } : {}),
            ...(change.completedAt ? { ':completedAt': change.completedAt } : {}),
          },
        },
      },
    };
  });
  return [taskStep, ...mirrors];
};

export interface ActInput {
  actor: Actor;
  role: Role;
  lang: Lang;
  taskId: string;
  event: Exclude<TaskEvent, 'CLOSE'>;
  decision?: 'APPROVED' | 'REJECTED';
  comment?: string;
}

/** Starts, completes or decides a task for the signed-in user; answers their message as it now is. */
export const actOnTask = async (input: ActInput): Promise<InboxMessage> => {
  const { actor, role, lang, taskId } = input;
  await commit(actor, async () => {
    const { task, def } = await getAssignedTask(actor.tenantId, actor.userId, taskId);
    // Spec §6: handling depends on the account type.
    if (!def.actors.includes(role)) throw new DomainError('NO_OPERATION_PERMISSION');
    // Starting a task already started is no change (two assignees opening it at once).
    if (input.event === 'START' && task.status === 'IN_PROGRESS') return { steps: [], events: [], result: undefined };
    const to = TASK_LIFECYCLE.next(task.status, input.event, 'ASSIGNEE', { approval: def.approval ?? false });
    const finishing = to === 'DONE';
    const change: TaskChange = {
      status: to,
      ...(finishing ? { doneBy: actor.userId, completedAt: actor.at } : {}),
      ...(input.event === 'DECIDE' && input.decision ? { decision: input.decision } : {}),
    };
    const base = { kind: task.kind, refId: task.refId };
    const announced =
      input.event === 'DECIDE'
        ? event('TASK_DECIDED', taskId, {
            ...base,
            decision: input.decision ?? 'APPROVED',
            ...(input.comment ? { comment: input.comment } : {}),
          })
        : input.event === 'COMPLETE'
          ? event('TASK_COMPLETED', taskId, base)
          : event('TASK_STARTED', taskId, base);
    // A version moved by someone else: decide again from a fresh read, which then finds the task
    // DONE (TASK_CLOSED, from the lifecycle) or still open (another START) and tries once more.
    return { steps: taskChangeSteps(actor.tenantId, task, change, actor.at), events: [announced], result: undefined };
  });
  const { messageId } = await getAssignedTask(actor.tenantId, actor.userId, taskId);
  const message = await findMessage(actor.tenantId, actor.userId, messageId);
  if (!message) throw new DomainError('TASK_NOT_EXISTS');
  return toInboxMessage(message, lang, role);
};
