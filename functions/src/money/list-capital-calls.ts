import { CAPITAL_CALL_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { httpApi, ok } from '#lib/http-api';
import { listCalls } from './call.records.js';

export const handler = httpApi(CAPITAL_CALL_ROUTES.listCapitalCalls, async (ctx) =>
  ok(await listCalls(ctx.tenantId, ctx.query)),
);
