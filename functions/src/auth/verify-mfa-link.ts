import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { verifyMfaLink } from './sign-in.service.js';

export const handler = httpApi(IDENTITY_ROUTES.verifyMfaLink, async (ctx) => {
  const { body, cookies } = await verifyMfaLink(portalCtx(ctx), ctx.body);
  return ok(body, { cookies });
});
