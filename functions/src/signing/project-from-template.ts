import { SIGNING_ROUTES } from '@tranche/shared/http/routes/signing.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { projectFromStoredTemplate } from './templates.service.js';

export const handler = httpApi(SIGNING_ROUTES.createSigningProjectFromTemplate, async (ctx) =>
  created(await projectFromStoredTemplate(sessionActor(ctx), ctx.session.role, ctx.body)),
);
