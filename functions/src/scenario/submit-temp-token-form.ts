import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { httpApi, ok } from '#lib/http-api';
import { submitTempTokenForm } from './temp-token.js';

export const handler = httpApi(SCENARIO_ROUTES.submitTempTokenForm, async (ctx) =>
  ok(await submitTempTokenForm(ctx.tenantId, ctx.requestId, ctx.body.token, ctx.body.values)),
);
