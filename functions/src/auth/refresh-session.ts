import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { refreshCookieName } from '#lib/cookies';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { refreshSession } from './sign-in.service.js';

export const handler = httpApi(IDENTITY_ROUTES.refreshSession, async (ctx) => {
  const { body, cookies } = await refreshSession(portalCtx(ctx), ctx.cookies.get(refreshCookieName(ctx.portal.prefix)));
  return ok(body, { cookies });
});
