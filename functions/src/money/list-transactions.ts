import { INVESTOR_MONEY_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { httpApi, ok } from '#lib/http-api';
import { readFund } from './fund.repo.js';
import { transactionsPage } from './investor-lists.js';

export const handler = httpApi(INVESTOR_MONEY_ROUTES.listTransactions, async (ctx) => {
  // A fund filter names a fund of this tenant (404 otherwise, as for any id); one the investor holds
  // nothing in is an empty list.
  if (ctx.query.productId) await readFund(ctx.tenantId, ctx.query.productId);
  return ok(await transactionsPage(ctx.tenantId, ctx.session.userId, ctx.query));
});
