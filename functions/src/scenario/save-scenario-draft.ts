import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { saveScenarioDraft } from './scenario.service.js';

export const handler = httpApi(SCENARIO_ROUTES.saveScenarioDraft, async (ctx) =>
  ok(await saveScenarioDraft(sessionActor(ctx), ctx.params.scenarioId, ctx.body.graph, ctx.body.baseVersion)),
);
