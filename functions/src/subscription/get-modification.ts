import { MODIFICATION_ROUTES } from '@tranche/shared/http/routes/modification.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { getModification } from './modification.service.js';

export const handler = httpApi(MODIFICATION_ROUTES.getModification, async (ctx) =>
  ok(await getModification(sessionActor(ctx), ctx.session.role, ctx.params.subscriptionId)),
);
