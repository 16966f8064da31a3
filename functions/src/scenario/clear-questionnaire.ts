import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { clearQuestionnaire } from './journey.service.js';

export const handler = httpApi(SCENARIO_ROUTES.clearQuestionnaire, async (ctx) =>
  ok(await clearQuestionnaire(sessionActor(ctx), ctx.session.role, ctx.body.subscriptionId, ctx.body.nodeId)),
);
