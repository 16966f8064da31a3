import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { setPasswordWithLink } from './password.service.js';

export const handler = httpApi(IDENTITY_ROUTES.setPassword, async (ctx) =>
  ok(await setPasswordWithLink(portalCtx(ctx), ctx.body)),
);
