import { INBOX_ROUTES } from '@tranche/shared/http/routes/inbox.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { actOnTask } from './task.service.js';

export const handler = httpApi(INBOX_ROUTES.noticeTaskApproval, async (ctx) =>
  ok(
    await actOnTask({
      actor: sessionActor(ctx),
      role: ctx.session.role,
      lang: ctx.lang,
      taskId: ctx.body.taskId,
      event: 'DECIDE',
      decision: ctx.body.decision,
      ...(ctx.body.comment ? { comment: ctx.body.comment } : {}),
    }),
  ),
);
