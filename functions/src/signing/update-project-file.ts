import { SIGNING_ROUTES } from '@tranche/shared/http/routes/signing.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { updateProjectFile } from './projects.service.js';

export const handler = httpApi(SIGNING_ROUTES.updateSigningProjectFile, async (ctx) =>
  ok(await updateProjectFile(sessionActor(ctx), ctx.session.role, ctx.body)),
);
