import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { getTenantComponents } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.getTenantPortalComponents, async ({ tenantId }) =>
  ok(await getTenantComponents(tenantId)),
);
