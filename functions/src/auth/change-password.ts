import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { changePassword } from './password.service.js';

export const handler = httpApi(IDENTITY_ROUTES.changePassword, async (ctx) =>
  ok({ ok: true }, { cookies: await changePassword(portalCtx(ctx), ctx.session, ctx.body) }),
);
