import { INBOX_ROUTES } from '@tranche/shared/http/routes/inbox.routes';
import { DomainError } from '#lib/errors';
import { httpApi, ok } from '#lib/http-api';
import { findMessage, toInboxMessage } from './inbox.repo.js';

export const handler = httpApi(INBOX_ROUTES.getInboxMessage, async ({ session, params, lang }) => {
  // Keyed by the session's user: another user's or tenant's message id finds nothing (404).
  const message = await findMessage(session.tenantId, session.userId, params.id);
  if (!message) throw new DomainError('MESSAGE_NOT_EXISTS');
  return ok(toInboxMessage(message, lang, session.role));
});
