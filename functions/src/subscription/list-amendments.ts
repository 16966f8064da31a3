import { MODIFICATION_ROUTES } from '@tranche/shared/http/routes/modification.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { listAmendments } from './modification.service.js';

export const handler = httpApi(MODIFICATION_ROUTES.listAmendments, async (ctx) =>
  ok(await listAmendments(sessionActor(ctx), ctx.session.role, ctx.params.subscriptionId)),
);
