import { SIGNING_ROUTES } from '@tranche/shared/http/routes/signing.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { updateProject } from './projects.service.js';

export const handler = httpApi(SIGNING_ROUTES.updateSigningProject, async (ctx) =>
  ok(await updateProject(sessionActor(ctx), ctx.session.role, ctx.body)),
);
