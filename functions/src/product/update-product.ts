import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf, updateProduct } from './product.service.js';

export const handler = httpApi(route('updateProduct'), async (ctx) =>
  ok(await updateProduct(ctx.tenantId, actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.body)),
);
