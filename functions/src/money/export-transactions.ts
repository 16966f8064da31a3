import { INVESTOR_MONEY_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { httpApi, ok } from '#lib/http-api';
import { transactionsCsv } from './investor-lists.js';

export const handler = httpApi(INVESTOR_MONEY_ROUTES.exportTransactions, async (ctx) =>
  ok(await transactionsCsv(ctx.tenantId, ctx.session.userId, ctx.query)),
);
