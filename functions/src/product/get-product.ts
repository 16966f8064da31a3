import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { getCatalogueProduct } from './product.service.js';

export const handler = httpApi(route('getProduct'), async ({ tenantId, query }) =>
  ok(await getCatalogueProduct(tenantId, query.productId)),
);
