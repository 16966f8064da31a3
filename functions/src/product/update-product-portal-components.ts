import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { updateProductComponents } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.updateProductPortalComponents, async (ctx) =>
  ok(await updateProductComponents(ctx.tenantId, sessionActor(ctx), ctx.session.role, ctx.params.productId, ctx.body)),
);
