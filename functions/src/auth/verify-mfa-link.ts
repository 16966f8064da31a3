import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { verifyMfaLink } from './sign-in.service.js';

export const handler = httpApi(route('verifyMfaLink'), async (ctx) => {
  const { body, cookies } = await verifyMfaLink(portalCtx(ctx), ctx.body);
  return ok(body, { cookies });
});
