import { SIGNING_ROUTES } from '@tranche/shared/http/routes/signing.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { voidProject } from './projects.service.js';

export const handler = httpApi(SIGNING_ROUTES.voidSigningProject, async (ctx) =>
  ok(await voidProject(sessionActor(ctx), ctx.session.role, ctx.body)),
);
