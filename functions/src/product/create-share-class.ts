import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { createShareClass } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.createShareClass, async (ctx) =>
  created(await createShareClass(ctx.tenantId, sessionActor(ctx), ctx.session.role, ctx.params.productId, ctx.body)),
);
