import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { signIn } from './sign-in.service.js';

export const handler = httpApi(IDENTITY_ROUTES.signIn, async (ctx) => {
  const { body, cookies } = await signIn(portalCtx(ctx), ctx.body);
  return ok(body, { cookies });
});
