import { SIGNING_ROUTES } from '@tranche/shared/http/routes/signing.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { updateProjectFiles } from './projects.service.js';

export const handler = httpApi(SIGNING_ROUTES.updateSigningProjectFiles, async (ctx) =>
  ok(await updateProjectFiles(sessionActor(ctx), ctx.session.role, ctx.body)),
);
