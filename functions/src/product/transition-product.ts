import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf, transitionProduct } from './product.service.js';

export const handler = httpApi(route('transitionProduct'), async (ctx) =>
  ok(await transitionProduct(ctx.tenantId, actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.body)),
);
