import { NAV_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { uploadNav } from './nav.service.js';

export const handler = httpApi(NAV_ROUTES.uploadNav, async (ctx) =>
  ok(await uploadNav(sessionActor(ctx), ctx.session.role, ctx.params.productId, ctx.body.csv)),
);
