import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { created, httpApi } from '#lib/http-api';
import { actorOf, createShareClass } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.createShareClass, async (ctx) =>
  created(await createShareClass(ctx.tenantId, actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.body)),
);
