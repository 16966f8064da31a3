import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from '../auth/context.js';
import { sendPhoneCode } from './profile.service.js';

export const handler = httpApi(IDENTITY_ROUTES.sendPhoneCode, async (ctx) =>
  ok(await sendPhoneCode(portalCtx(ctx), ctx.session)),
);
