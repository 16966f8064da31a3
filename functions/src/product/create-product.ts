import { route } from '@tranche/shared/http/routes';
import { created, httpApi } from '#lib/http-api';
import { actorOf, createProduct } from './product.service.js';

export const handler = httpApi(route('createProduct'), async (ctx) =>
  created(await createProduct(ctx.tenantId, actorOf(ctx), ctx.body)),
);
