import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { searchProducts } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.listProducts, async ({ tenantId, query }) =>
  ok(await searchProducts(tenantId, query)),
);
