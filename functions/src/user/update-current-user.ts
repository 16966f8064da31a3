import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from '../auth/context.js';
import { updateCurrentUser } from './profile.service.js';

export const handler = httpApi(IDENTITY_ROUTES.updateCurrentUser, async (ctx) =>
  ok(await updateCurrentUser(portalCtx(ctx), ctx.session, ctx.body)),
);
