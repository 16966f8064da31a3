import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from '../auth/context.js';
import { unlockUser } from './user.service.js';

export const handler = httpApi(route('unlockUser'), async (ctx) =>
  ok(await unlockUser(portalCtx(ctx), ctx.session, ctx.params.userId)),
);
