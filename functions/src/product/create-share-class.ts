import { route } from '@tranche/shared/http/routes';
import { created, httpApi } from '#lib/http-api';
import { actorOf, createShareClass } from './product.service.js';

export const handler = httpApi(route('createShareClass'), async (ctx) =>
  created(await createShareClass(ctx.tenantId, actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.body)),
);
