import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { createProductScenario } from './scenario.service.js';

export const handler = httpApi(SCENARIO_ROUTES.createProductScenario, async (ctx) =>
  created(await createProductScenario(sessionActor(ctx), ctx.params.productId, ctx.body)),
);
