import { INBOX_ROUTES } from '@tranche/shared/http/routes/inbox.routes';
import { httpApi, ok } from '#lib/http-api';
import { bannerMessage, toInboxMessage } from './inbox.repo.js';

export const handler = httpApi(INBOX_ROUTES.getBannerMessage, async ({ session, lang }) => {
  const message = await bannerMessage(session.tenantId, session.userId);
  return ok({ message: message ? toInboxMessage(message, lang, session.role) : null });
});
