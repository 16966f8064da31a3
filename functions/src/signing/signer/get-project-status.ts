import { SIGN_ROUTES } from '@tranche/shared/http/routes/sign.routes';
import { httpApi, ok } from '#lib/http-api';
import { factsOf } from './facts.js';
import { getProjectStatus } from './view.service.js';

export const handler = httpApi(SIGN_ROUTES.getSignProjectStatus, async (ctx) =>
  ok(await getProjectStatus(factsOf(ctx), ctx.query)),
);
