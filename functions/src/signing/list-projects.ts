import { SIGNING_ROUTES } from '@tranche/shared/http/routes/signing.routes';
import { httpApi, ok } from '#lib/http-api';
import { listProjects } from './projects.repo.js';

export const handler = httpApi(SIGNING_ROUTES.listSigningProjects, async (ctx) =>
  ok(await listProjects(ctx.session.tenantId, ctx.query)),
);
