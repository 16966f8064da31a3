import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { verifyMfa } from './sign-in.service.js';

export const handler = httpApi(route('verifyMfa'), async (ctx) => {
  const { body, cookies } = await verifyMfa(portalCtx(ctx), ctx.body);
  return ok(body, { cookies });
});
