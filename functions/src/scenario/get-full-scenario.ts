import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { getFullScenario } from './journey.service.js';

export const handler = httpApi(SCENARIO_ROUTES.getFullScenario, async (ctx) =>
  ok(await getFullScenario(sessionActor(ctx), ctx.session.role, ctx.query.subscriptionId)),
);
