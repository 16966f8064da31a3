import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { listGpProducts } from './product.service.js';

export const handler = httpApi(route('listGpProducts'), async ({ tenantId, query }) =>
  ok(await listGpProducts(tenantId, query)),
);
