import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf, updateTenantComponents } from './product.service.js';

export const handler = httpApi(route('updateTenantPortalComponents'), async (ctx) =>
  ok(await updateTenantComponents(ctx.tenantId, actorOf(ctx), ctx.body)),
);
