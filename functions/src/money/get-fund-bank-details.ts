import { FUND_BANK_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { httpApi, ok } from '#lib/http-api';
import { readFundBankDetails } from './fund-bank-details.js';

export const handler = httpApi(FUND_BANK_ROUTES.getFundBankDetails, async ({ tenantId, params }) =>
  ok(await readFundBankDetails(tenantId, params.productId)),
);
