import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf, updateShareClass } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.updateShareClass, async (ctx) =>
  ok(
    await updateShareClass(
      ctx.tenantId,
      actorOf(ctx),
      ctx.session.role,
      ctx.params.productId,
      ctx.params.shareClassId,
      ctx.body,
    ),
  ),
);
