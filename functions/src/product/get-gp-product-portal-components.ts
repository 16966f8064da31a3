import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { getProductComponents } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.getGpProductPortalComponents, async ({ tenantId, params, query }) =>
  ok(await getProductComponents(tenantId, params.productId, query.visibilityState, true)),
);
