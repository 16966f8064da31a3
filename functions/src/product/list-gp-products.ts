import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { listGpProducts } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.listGpProducts, async ({ tenantId, query }) =>
  ok(await listGpProducts(tenantId, query)),
);
