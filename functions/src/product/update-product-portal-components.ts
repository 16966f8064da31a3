import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf, updateProductComponents } from './product.service.js';

export const handler = httpApi(route('updateProductPortalComponents'), async (ctx) =>
  ok(await updateProductComponents(ctx.tenantId, actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.body)),
);
