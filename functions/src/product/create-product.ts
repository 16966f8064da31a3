import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { created, httpApi } from '#lib/http-api';
import { actorOf, createProduct } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.createProduct, async (ctx) =>
  created(await createProduct(ctx.tenantId, actorOf(ctx), ctx.body)),
);
