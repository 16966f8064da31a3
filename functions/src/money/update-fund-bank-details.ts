import { FUND_BANK_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { putFundBankDetails } from './fund-bank-details.js';

export const handler = httpApi(FUND_BANK_ROUTES.updateFundBankDetails, async (ctx) =>
  ok(await putFundBankDetails(sessionActor(ctx), ctx.params.productId, ctx.body)),
);
