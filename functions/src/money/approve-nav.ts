import { NAV_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { approveNav } from './nav.service.js';

export const handler = httpApi(NAV_ROUTES.approveNav, async (ctx) =>
  ok(await approveNav(sessionActor(ctx), ctx.session.role, ctx.params.productId, ctx.params.shareClassId)),
);
