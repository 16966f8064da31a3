import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from '../auth/context.js';
import { lockUser } from './user.service.js';

export const handler = httpApi(route('lockUser'), async (ctx) =>
  ok(await lockUser(portalCtx(ctx), ctx.session, ctx.params.userId)),
);
