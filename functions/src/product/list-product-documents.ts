import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { listDocuments } from './product-documents.service.js';

export const handler = httpApi(route('listProductDocuments'), async ({ tenantId, session, params, query }) =>
  ok(await listDocuments(tenantId, session.role, params.productId, query)),
);
