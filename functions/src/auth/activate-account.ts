import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { activateAccount } from './password.service.js';

export const handler = httpApi(IDENTITY_ROUTES.activateAccount, async (ctx) =>
  ok(await activateAccount(portalCtx(ctx), ctx.body)),
);
