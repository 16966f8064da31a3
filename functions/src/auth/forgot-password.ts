import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi } from '#lib/http-api';
import { portalCtx } from './context.js';
import { forgotPassword } from './password.service.js';

export const handler = httpApi(IDENTITY_ROUTES.forgotPassword, async (ctx) => ({
  status: 200,
  body: await forgotPassword(portalCtx(ctx), ctx.body),
}));
