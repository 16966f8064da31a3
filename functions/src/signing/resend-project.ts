import { SIGNING_ROUTES } from '@tranche/shared/http/routes/signing.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { resendSigner } from './projects.service.js';

export const handler = httpApi(SIGNING_ROUTES.resendSigningProject, async (ctx) =>
  ok(await resendSigner(sessionActor(ctx), ctx.session.role, ctx.body)),
);
