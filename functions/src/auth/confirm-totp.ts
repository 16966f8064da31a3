import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { confirmTotp } from './mfa.service.js';

export const handler = httpApi(IDENTITY_ROUTES.confirmTotp, async (ctx) => {
  const { user, cookies } = await confirmTotp(portalCtx(ctx), ctx.session, ctx.body);
  return ok(user, { cookies });
});
