import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { getPublishedProduct } from './product.repo.js';

export const handler = httpApi(route('getProduct'), async ({ tenantId, query }) =>
  ok(await getPublishedProduct(tenantId, query.productId)),
);
