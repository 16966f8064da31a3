import { INBOX_ROUTES } from '@tranche/shared/http/routes/inbox.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { actOnTask } from './task.service.js';

export const handler = httpApi(INBOX_ROUTES.actOnTask, async (ctx) =>
  ok(
    await actOnTask({
      actor: sessionActor(ctx),
      role: ctx.session.role,
      lang: ctx.lang,
      taskId: ctx.params.id,
      event: ctx.body.action,
    }),
  ),
);
