import { SIGN_ROUTES } from '@tranche/shared/http/routes/sign.routes';
import { httpApi, ok } from '#lib/http-api';
import { getSignedCopy } from './copy.service.js';
import { factsOf } from './facts.js';

export const handler = httpApi(SIGN_ROUTES.getSignedCopy, async (ctx) =>
  ok(await getSignedCopy(factsOf(ctx), ctx.query)),
);
