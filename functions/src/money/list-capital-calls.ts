import { MONEY_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { httpApi, ok } from '#lib/http-api';
import { listCalls } from './capital-call.service.js';

export const handler = httpApi(MONEY_ROUTES.listCapitalCalls, async (ctx) =>
  ok(await listCalls(ctx.tenantId, ctx.query)),
);
