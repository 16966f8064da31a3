import { route } from '@tranche/shared/http/routes';
import { httpApi } from '#lib/http-api';
import { portalCtx } from './context.js';
import { forgotPassword } from './password.service.js';

export const handler = httpApi(route('forgotPassword'), async (ctx) => ({
  status: 200,
  body: await forgotPassword(portalCtx(ctx), ctx.body),
}));
