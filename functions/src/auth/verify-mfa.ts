import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { verifyMfa } from './sign-in.service.js';

export const handler = httpApi(IDENTITY_ROUTES.verifyMfa, async (ctx) => {
  const { body, cookies } = await verifyMfa(portalCtx(ctx), ctx.body);
  return ok(body, { cookies });
});
