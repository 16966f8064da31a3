import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from '../auth/context.js';
import { lockUser } from './user.service.js';

export const handler = httpApi(IDENTITY_ROUTES.lockUser, async (ctx) =>
  ok(await lockUser(portalCtx(ctx), ctx.session, ctx.params.userId)),
);
