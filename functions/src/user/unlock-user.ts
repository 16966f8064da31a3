import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from '../auth/context.js';
import { unlockUser } from './user.service.js';

export const handler = httpApi(IDENTITY_ROUTES.unlockUser, async (ctx) =>
  ok(await unlockUser(portalCtx(ctx), ctx.session, ctx.params.userId)),
);
