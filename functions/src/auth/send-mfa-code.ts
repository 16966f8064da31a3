import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { sendMfaCode } from './sign-in.service.js';

export const handler = httpApi(IDENTITY_ROUTES.sendMfaCode, async (ctx) =>
  ok(await sendMfaCode(portalCtx(ctx), ctx.body)),
);
