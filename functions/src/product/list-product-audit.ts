import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { listProductAudit } from './product.service.js';

export const handler = httpApi(route('listProductAudit'), async ({ tenantId, params, query }) =>
  ok(await listProductAudit(tenantId, params.productId, query)),
);
