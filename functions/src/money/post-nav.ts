import { NAV_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { idempotency } from '#lib/idempotency';
import { postNav } from './nav.service.js';

export const handler = httpApi(
  NAV_ROUTES.postNav,
  async (ctx) =>
    created(
      await postNav(sessionActor(ctx), ctx.session.role, ctx.params.productId, ctx.params.shareClassId, ctx.body),
    ),
  { idempotency },
);
