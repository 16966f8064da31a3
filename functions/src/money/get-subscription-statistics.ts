import { INVESTOR_MONEY_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { clock } from '#lib/clock';
import { httpApi, ok } from '#lib/http-api';
import { statistics } from './dashboard.service.js';

export const handler = httpApi(INVESTOR_MONEY_ROUTES.getSubscriptionStatistics, async (ctx) =>
  ok(await statistics(ctx.tenantId, ctx.session.userId, ctx.query.asOf, clock.nowIso(), ctx.query.currency)),
);
