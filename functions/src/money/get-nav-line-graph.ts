import { INVESTOR_MONEY_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { clock } from '#lib/clock';
import { httpApi, ok } from '#lib/http-api';
import { navLineGraph } from './dashboard.service.js';

export const handler = httpApi(INVESTOR_MONEY_ROUTES.getNavLineGraph, async (ctx) =>
  ok(await navLineGraph(ctx.tenantId, ctx.session.userId, ctx.query.asOf, clock.nowIso(), ctx.query.currency)),
);
