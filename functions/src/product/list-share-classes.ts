import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { getCatalogueProduct } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.listShareClasses, async ({ tenantId, query }) => {
  const product = await getCatalogueProduct(tenantId, query.productId);
  return ok({ items: product.shareClasses });
});
