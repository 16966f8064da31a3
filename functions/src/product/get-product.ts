import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { getCatalogueProduct } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.getProduct, async ({ tenantId, query }) =>
  ok(await getCatalogueProduct(tenantId, query.productId)),
);
