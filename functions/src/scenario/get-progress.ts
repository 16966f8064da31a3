import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { getProgress } from './journey.service.js';

export const handler = httpApi(SCENARIO_ROUTES.getScenarioProgress, async (ctx) =>
  ok(await getProgress(sessionActor(ctx), ctx.session.role, ctx.query.subscriptionId)),
);
