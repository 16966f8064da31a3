import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { signIn } from './sign-in.service.js';

export const handler = httpApi(route('signIn'), async (ctx) => {
  const { body, cookies } = await signIn(portalCtx(ctx), ctx.body);
  return ok(body, { cookies });
});
