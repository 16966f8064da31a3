import { SIGN_ROUTES } from '@tranche/shared/http/routes/sign.routes';
import { httpApi, ok } from '#lib/http-api';
import { factsOf } from './facts.js';
import { getSigner } from './view.service.js';

export const handler = httpApi(SIGN_ROUTES.getSigner, async (ctx) =>
  ok(await getSigner(factsOf(ctx), { projectId: ctx.query.projectId, signerId: ctx.params.signerId })),
);
