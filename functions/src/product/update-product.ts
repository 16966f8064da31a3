import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { updateProduct } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.updateProduct, async (ctx) =>
  ok(await updateProduct(ctx.tenantId, sessionActor(ctx), ctx.session.role, ctx.params.productId, ctx.body)),
);
