import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi } from '#lib/http-api';
import { portalCtx } from './context.js';
import { signUp } from './sign-up.service.js';

export const handler = httpApi(IDENTITY_ROUTES.signUp, async (ctx) => ({
  status: 201,
  body: await signUp(portalCtx(ctx), ctx.body),
}));
