import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { listPublishedProducts } from './product.repo.js';

export const handler = httpApi(route('listProducts'), async ({ tenantId, query }) =>
  ok(await listPublishedProducts(tenantId, query.limit ?? 50, query.cursor)),
);
