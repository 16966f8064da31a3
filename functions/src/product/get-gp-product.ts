import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { getGpProduct } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.getGpProduct, async ({ tenantId, params }) =>
  ok(await getGpProduct(tenantId, params.productId)),
);
