import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from '../auth/context.js';
import { resendInvite } from './team.service.js';

export const handler = httpApi(IDENTITY_ROUTES.resendInvite, async (ctx) =>
  ok(await resendInvite(portalCtx(ctx), ctx.session, ctx.params.inviteeId)),
);
