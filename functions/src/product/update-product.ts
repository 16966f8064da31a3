import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf, updateProduct } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.updateProduct, async (ctx) =>
  ok(await updateProduct(ctx.tenantId, actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.body)),
);
