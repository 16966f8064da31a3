import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { listProductAudit } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.listProductAudit, async ({ tenantId, params, query }) =>
  ok(await listProductAudit(tenantId, params.productId, query)),
);
