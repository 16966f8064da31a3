import { INBOX_ROUTES } from '@tranche/shared/http/routes/inbox.routes';
import { httpApi, ok } from '#lib/http-api';
import { getAssignedTask } from './inbox.repo.js';

/** The files the task's opening event named (documents to read or sign, documents asked for). */
export const handler = httpApi(INBOX_ROUTES.getTaskSubscriptionFiles, async ({ session, query }) => {
  const { task } = await getAssignedTask(session.tenantId, session.userId, query.taskId);
  return ok({ taskId: task.taskId, files: task.files ?? [] });
});
