import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { getContract } from './product-contract.service.js';

export const handler = httpApi(PRODUCT_ROUTES.getProductContract, async ({ tenantId, session, params }) =>
  ok(await getContract(tenantId, session.role, params.productId)),
);
