import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { publishScenario } from './scenario.service.js';

export const handler = httpApi(SCENARIO_ROUTES.publishScenario, async (ctx) =>
  ok(await publishScenario(sessionActor(ctx), ctx.params.scenarioId, ctx.body.version)),
);
