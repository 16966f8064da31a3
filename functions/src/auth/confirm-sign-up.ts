import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { confirmSignUp } from './sign-up.service.js';

export const handler = httpApi(IDENTITY_ROUTES.confirmSignUp, async (ctx) => {
  const { body, cookies } = await confirmSignUp(portalCtx(ctx), ctx.body);
  return ok(body, { cookies });
});
