import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { getCurrentNode } from './journey.service.js';

export const handler = httpApi(SCENARIO_ROUTES.getCurrentNode, async (ctx) =>
  ok(await getCurrentNode(sessionActor(ctx), ctx.session.role, ctx.query.subscriptionId)),
);
