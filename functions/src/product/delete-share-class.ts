import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf, deleteShareClass } from './product.service.js';

export const handler = httpApi(route('deleteShareClass'), async (ctx) =>
  ok(
    await deleteShareClass(ctx.tenantId, actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.params.shareClassId),
  ),
);
