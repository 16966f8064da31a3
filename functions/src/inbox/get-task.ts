import { INBOX_ROUTES } from '@tranche/shared/http/routes/inbox.routes';
import { DomainError } from '#lib/errors';
import { httpApi, ok } from '#lib/http-api';
import { findMessage, getAssignedTask, toInboxMessage } from './inbox.repo.js';

export const handler = httpApi(INBOX_ROUTES.getTask, async ({ session, params, lang }) => {
  const { messageId } = await getAssignedTask(session.tenantId, session.userId, params.id);
  const message = await findMessage(session.tenantId, session.userId, messageId);
  if (!message) throw new DomainError('TASK_NOT_EXISTS');
  return ok(toInboxMessage(message, lang, session.role));
});
