import { SIGN_ROUTES } from '@tranche/shared/http/routes/sign.routes';
import { httpApi, ok } from '#lib/http-api';
import { validateCode } from './code.service.js';
import { factsOf } from './facts.js';

export const handler = httpApi(SIGN_ROUTES.validateSigningCode, async (ctx) =>
  ok(await validateCode(factsOf(ctx), ctx.body, ctx.body.code)),
);
