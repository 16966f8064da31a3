import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { updateTenantComponents } from './product.service.js';

export const handler = httpApi(PRODUCT_ROUTES.updateTenantPortalComponents, async (ctx) =>
  ok(await updateTenantComponents(ctx.tenantId, sessionActor(ctx), ctx.body)),
);
