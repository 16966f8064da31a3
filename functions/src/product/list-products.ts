import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { searchProducts } from './product.service.js';

export const handler = httpApi(route('listProducts'), async ({ tenantId, query }) =>
  ok(await searchProducts(tenantId, query)),
);
