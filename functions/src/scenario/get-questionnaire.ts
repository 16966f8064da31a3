import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { getQuestionnaire } from './journey.service.js';

export const handler = httpApi(SCENARIO_ROUTES.getQuestionnaire, async (ctx) =>
  ok(await getQuestionnaire(sessionActor(ctx), ctx.session.role, ctx.query.subscriptionId, ctx.query.nodeId)),
);
