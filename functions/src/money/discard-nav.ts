import { MONEY_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { discardNav } from './nav.service.js';

export const handler = httpApi(MONEY_ROUTES.discardNav, async (ctx) =>
  ok(await discardNav(sessionActor(ctx), ctx.session.role, ctx.params.productId, ctx.params.shareClassId)),
);
