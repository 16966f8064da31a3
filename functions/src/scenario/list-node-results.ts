import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { listNodeResults } from './journey.service.js';

export const handler = httpApi(SCENARIO_ROUTES.listNodeResults, async (ctx) =>
  ok(await listNodeResults(sessionActor(ctx), ctx.session.role, ctx.query.subscriptionId)),
);
