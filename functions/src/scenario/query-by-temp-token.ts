import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { httpApi, ok } from '#lib/http-api';
import { queryByTempToken } from './temp-token.js';

export const handler = httpApi(SCENARIO_ROUTES.queryByTempToken, async (ctx) =>
  ok(await queryByTempToken(ctx.tenantId, ctx.body.token)),
);
