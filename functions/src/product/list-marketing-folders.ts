import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { listFolders } from './marketing-folders.service.js';

export const handler = httpApi(PRODUCT_ROUTES.listMarketingFolders, async ({ tenantId, session, params }) =>
  ok(await listFolders(tenantId, session.role, params.productId)),
);
