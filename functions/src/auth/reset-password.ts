import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { resetPassword } from './password.service.js';

export const handler = httpApi(IDENTITY_ROUTES.resetPassword, async (ctx) =>
  ok(await resetPassword(portalCtx(ctx), ctx.body)),
);
