import { INBOX_ROUTES } from '@tranche/shared/http/routes/inbox.routes';
import { httpApi, ok } from '#lib/http-api';
import { getUnreadCount } from './inbox.repo.js';

export const handler = httpApi(INBOX_ROUTES.getUnreadCount, async ({ session }) =>
  ok({ count: await getUnreadCount(session.tenantId, session.userId) }),
);
