import { MODIFICATION_ROUTES } from '@tranche/shared/http/routes/modification.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { discardModification } from './modification.service.js';

export const handler = httpApi(MODIFICATION_ROUTES.discardModification, async (ctx) =>
  ok(await discardModification(sessionActor(ctx), ctx.session.role, ctx.params.subscriptionId)),
);
