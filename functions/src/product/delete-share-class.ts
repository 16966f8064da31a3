import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { deleteShareClass } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.deleteShareClass, async (ctx) =>
  ok(
    await deleteShareClass(
      ctx.tenantId,
      sessionActor(ctx),
      ctx.session.role,
      ctx.params.productId,
      ctx.params.shareClassId,
    ),
  ),
);
