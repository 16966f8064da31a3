import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { submitNodeResult } from './journey.service.js';

export const handler = httpApi(SCENARIO_ROUTES.submitNodeResult, async (ctx) =>
  ok(await submitNodeResult(sessionActor(ctx), ctx.session.role, ctx.body)),
);
