import { INVESTOR_MONEY_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { httpApi, ok } from '#lib/http-api';
import { transactionsPage } from './investor-lists.js';

export const handler = httpApi(INVESTOR_MONEY_ROUTES.listTransactions, async (ctx) =>
  ok(await transactionsPage(ctx.tenantId, ctx.session.userId, ctx.query)),
);
