import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { listDocuments } from './product-documents.service.js';

export const handler = httpApi(PRODUCT_ROUTES.listProductDocuments, async ({ tenantId, session, params, query }) =>
  ok(await listDocuments(tenantId, session.role, params.productId, query)),
);
