import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { resetPassword } from './password.service.js';

export const handler = httpApi(route('resetPassword'), async (ctx) =>
  ok(await resetPassword(portalCtx(ctx), ctx.body)),
);
