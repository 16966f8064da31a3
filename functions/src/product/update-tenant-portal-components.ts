import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf, updateTenantComponents } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.updateTenantPortalComponents, async (ctx) =>
  ok(await updateTenantComponents(ctx.tenantId, actorOf(ctx), ctx.body)),
);
