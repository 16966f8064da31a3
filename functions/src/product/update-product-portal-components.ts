import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf, updateProductComponents } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.updateProductPortalComponents, async (ctx) =>
  ok(await updateProductComponents(ctx.tenantId, actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.body)),
);
