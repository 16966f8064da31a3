import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { getPublishChecklist } from './publish-checklist.js';

export const handler = httpApi(PRODUCT_ROUTES.getProductPublishChecklist, async ({ tenantId, params }) =>
  ok(await getPublishChecklist(tenantId, params.productId)),
);
