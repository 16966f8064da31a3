import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf, updateShareClass } from './product.service.js';

export const handler = httpApi(route('updateShareClass'), async (ctx) =>
  ok(
    await updateShareClass(
      ctx.tenantId,
      actorOf(ctx),
      ctx.session.role,
      ctx.params.productId,
      ctx.params.shareClassId,
      ctx.body,
    ),
  ),
);
