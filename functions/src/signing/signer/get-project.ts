import { SIGN_ROUTES } from '@tranche/shared/http/routes/sign.routes';
import { httpApi, ok } from '#lib/http-api';
import { factsOf } from './facts.js';
import { getProject } from './view.service.js';

export const handler = httpApi(SIGN_ROUTES.getSignProject, async (ctx) =>
  ok(await getProject(factsOf(ctx), ctx.query)),
);
