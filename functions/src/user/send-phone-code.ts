import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from '../auth/context.js';
import { sendPhoneCode } from './user.service.js';

export const handler = httpApi(route('sendPhoneCode'), async (ctx) =>
  ok(await sendPhoneCode(portalCtx(ctx), ctx.session)),
);
