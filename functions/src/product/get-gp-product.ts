import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { getGpProduct } from './product.service.js';

export const handler = httpApi(route('getGpProduct'), async ({ tenantId, params }) =>
  ok(await getGpProduct(tenantId, params.productId)),
);
