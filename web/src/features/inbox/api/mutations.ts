import { MARK_READ_MAX, type TaskApproval } from '@tranche/shared/inbox/inbox.schema';
import { type ApiBody, apiFetch } from '@/lib/api';

/**
 * Marks the given messages read, in calls of at most MARK_READ_MAX (a selection can span pages);
 * answers how many were marked and what is left unread after the last call.
 */
export const markRead = async (messageIds: readonly string[]) => {
  let marked = 0;
  let count = 0;
  for (let i = 0; i < messageIds.length; i += MARK_READ_MAX) {
    const answer = await apiFetch('markInboxMessagesRead', {
      body: { messageIds: messageIds.slice(i, i + MARK_READ_MAX) },
    });
    marked += answer.marked;
    count = answer.count;
  }
  return { marked, count };
};

export const markAllRead = () => apiFetch('markInboxMessagesRead', { body: { all: true } });

/** Completes a task; the first of those who share it wins, the others get TASK_CLOSED. */
export const completeTask = (taskId: string) =>
  apiFetch('actOnTask', { params: { id: taskId }, body: { action: 'COMPLETE' } });

/** The manager's decision on an approval task. */
export const decideTask = (body: TaskApproval) => apiFetch('noticeTaskApproval', { body });

/**
 * The investor's activity trail for the manager's CRM. Best effort: a trail entry that fails to
 * record must never stand in the investor's way, so errors are swallowed here on purpose.
 */
export const recordActivity = (body: NonNullable<ApiBody<'addActivity'>>) =>
  apiFetch('addActivity', { body }).catch(() => undefined);
