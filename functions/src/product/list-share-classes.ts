import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { getCatalogueProduct } from './product.service.js';

export const handler = httpApi(route('listShareClasses'), async ({ tenantId, query }) => {
  const product = await getCatalogueProduct(tenantId, query.productId);
  return ok({ items: product.shareClasses });
});
