import { INVESTOR_MONEY_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { httpApi, ok } from '#lib/http-api';
import { investorCalls } from './investor-lists.js';

export const handler = httpApi(INVESTOR_MONEY_ROUTES.listInvestorCalls, async (ctx) =>
  ok(await investorCalls(ctx.tenantId, ctx.session.userId)),
);
