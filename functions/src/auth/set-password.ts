import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { setPasswordWithLink } from './password.service.js';

export const handler = httpApi(route('setPassword'), async (ctx) =>
  ok(await setPasswordWithLink(portalCtx(ctx), ctx.body)),
);
