import { SIGN_ROUTES } from '@tranche/shared/http/routes/sign.routes';
import { httpApi, ok } from '#lib/http-api';
import { act } from './act.service.js';
import { factsOf } from './facts.js';

export const handler = httpApi(SIGN_ROUTES.actAsSigner, async (ctx) =>
  ok(await act(factsOf(ctx), { projectId: ctx.query.projectId, signerId: ctx.params.signerId }, ctx.body)),
);
