import { route } from '@tranche/shared/http/routes';
import { created, httpApi } from '#lib/http-api';
import { portalCtx } from '../auth/context.js';
import { inviteUser } from './user.service.js';

export const handler = httpApi(route('inviteUser'), async (ctx) =>
  created(await inviteUser(portalCtx(ctx), ctx.session, ctx.body)),
);
