import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { created, httpApi } from '#lib/http-api';
import { portalCtx } from '../auth/context.js';
import { inviteUser } from './user.service.js';

export const handler = httpApi(IDENTITY_ROUTES.inviteUser, async (ctx) =>
  created(await inviteUser(portalCtx(ctx), ctx.session, ctx.body)),
);
