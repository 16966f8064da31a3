import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { transitionProduct } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.transitionProduct, async (ctx) =>
  ok(await transitionProduct(ctx.tenantId, sessionActor(ctx), ctx.session.role, ctx.params.productId, ctx.body)),
);
