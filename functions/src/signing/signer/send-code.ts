import { SIGN_ROUTES } from '@tranche/shared/http/routes/sign.routes';
import { httpApi, ok } from '#lib/http-api';
import { sendCode } from './code.service.js';
import { factsOf } from './facts.js';

export const handler = httpApi(SIGN_ROUTES.sendSigningCode, async (ctx) => ok(await sendCode(factsOf(ctx), ctx.body)));
