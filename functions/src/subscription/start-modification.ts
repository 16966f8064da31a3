import { MODIFICATION_ROUTES } from '@tranche/shared/http/routes/modification.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { startModification } from './modification.service.js';

export const handler = httpApi(MODIFICATION_ROUTES.startModification, async (ctx) =>
  ok(await startModification(sessionActor(ctx), ctx.session.role, ctx.params.subscriptionId, ctx.body)),
);
