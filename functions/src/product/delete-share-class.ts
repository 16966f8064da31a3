import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf, deleteShareClass } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.deleteShareClass, async (ctx) =>
  ok(
    await deleteShareClass(ctx.tenantId, actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.params.shareClassId),
  ),
);
