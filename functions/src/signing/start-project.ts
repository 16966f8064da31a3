import { SIGNING_ROUTES } from '@tranche/shared/http/routes/signing.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { startProject } from './projects.service.js';

export const handler = httpApi(SIGNING_ROUTES.startSigningProject, async (ctx) =>
  ok(await startProject(sessionActor(ctx), ctx.session.role, ctx.body)),
);
