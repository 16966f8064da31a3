import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { getPublishedProduct } from './product.repo.js';

export const handler = httpApi(route('listShareClasses'), async ({ tenantId, query }) => {
  const product = await getPublishedProduct(tenantId, query.productId);
  return ok({ items: product.shareClasses });
});
