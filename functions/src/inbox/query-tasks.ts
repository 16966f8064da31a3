import { INBOX_ROUTES } from '@tranche/shared/http/routes/inbox.routes';
import { httpApi, ok } from '#lib/http-api';
import { listMessages } from './inbox.list.js';
import { toInboxMessage } from './inbox.repo.js';

export const handler = httpApi(INBOX_ROUTES.queryTasks, async ({ session, query, lang }) => {
  const page = await listMessages(session.tenantId, session.userId, {
    filter: query.status ?? 'ALL',
    tasksOnly: true,
    limit: query.limit ?? 20,
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.cursor ? { cursor: query.cursor } : {}),
  });
  return ok({ ...page, items: page.items.map((m) => toInboxMessage(m, lang, session.role)) });
});
