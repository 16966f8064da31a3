import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from '../auth/context.js';
import { resendInvite } from './team.service.js';

export const handler = httpApi(route('resendInvite'), async (ctx) =>
  ok(await resendInvite(portalCtx(ctx), ctx.session, ctx.params.inviteeId)),
);
