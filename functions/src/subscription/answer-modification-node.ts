import { MODIFICATION_ROUTES } from '@tranche/shared/http/routes/modification.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { answerModificationNode } from './modification.service.js';

export const handler = httpApi(MODIFICATION_ROUTES.answerModificationNode, async (ctx) =>
  ok(await answerModificationNode(sessionActor(ctx), ctx.session.role, ctx.params.subscriptionId, ctx.body)),
);
