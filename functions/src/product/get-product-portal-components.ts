import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { getProductComponents } from './product.service.js';

export const handler = httpApi(route('getProductPortalComponents'), async ({ tenantId, params, query }) =>
  ok(await getProductComponents(tenantId, params.productId, query.visibilityState)),
);
