import { SIGNING_ROUTES } from '@tranche/shared/http/routes/signing.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { createProject } from './projects.service.js';

export const handler = httpApi(SIGNING_ROUTES.createSigningProject, async (ctx) =>
  created(await createProject(sessionActor(ctx), ctx.session.role, ctx.body)),
);
