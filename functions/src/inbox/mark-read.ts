import { INBOX_ROUTES } from '@tranche/shared/http/routes/inbox.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { markRead } from './inbox.service.js';

export const handler = httpApi(INBOX_ROUTES.markInboxMessagesRead, async (ctx) =>
  ok(await markRead(sessionActor(ctx), ctx.body)),
);
