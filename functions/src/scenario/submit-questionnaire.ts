import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { submitQuestionnaire } from './journey.service.js';

export const handler = httpApi(SCENARIO_ROUTES.submitQuestionnaire, async (ctx) =>
  ok(await submitQuestionnaire(sessionActor(ctx), ctx.session.role, ctx.body)),
);
