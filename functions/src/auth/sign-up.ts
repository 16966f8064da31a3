import { route } from '@tranche/shared/http/routes';
import { httpApi } from '#lib/http-api';
import { portalCtx } from './context.js';
import { signUp } from './sign-up.service.js';

export const handler = httpApi(route('signUp'), async (ctx) => ({
  status: 201,
  body: await signUp(portalCtx(ctx), ctx.body),
}));
