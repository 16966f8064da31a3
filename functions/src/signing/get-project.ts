import { SIGNING_ROUTES } from '@tranche/shared/http/routes/signing.routes';
import { httpApi, ok } from '#lib/http-api';
import { readProject, toDetail } from './projects.repo.js';

// The tenant is in the key: another tenant's project id reads nothing and is answered like an unknown one.
export const handler = httpApi(SIGNING_ROUTES.getSigningProject, async (ctx) =>
  ok(toDetail(await readProject(ctx.session.tenantId, ctx.query.projectId))),
);
