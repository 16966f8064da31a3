import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from '../auth/context.js';
import { confirmPhone } from './profile.service.js';

export const handler = httpApi(IDENTITY_ROUTES.confirmPhone, async (ctx) =>
  ok(await confirmPhone(portalCtx(ctx), ctx.session, ctx.body)),
);
