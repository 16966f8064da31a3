import { SIGNING_ROUTES } from '@tranche/shared/http/routes/signing.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { saveTemplate } from './templates.service.js';

export const handler = httpApi(SIGNING_ROUTES.saveSigningTemplate, async (ctx) =>
  created(await saveTemplate(sessionActor(ctx), ctx.session.role, ctx.body)),
);
