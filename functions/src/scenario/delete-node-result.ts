import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { deleteNodeResult } from './journey.service.js';

export const handler = httpApi(SCENARIO_ROUTES.deleteNodeResult, async (ctx) =>
  ok(await deleteNodeResult(sessionActor(ctx), ctx.session.role, ctx.body)),
);
