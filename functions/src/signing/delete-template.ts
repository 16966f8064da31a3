import { SIGNING_ROUTES } from '@tranche/shared/http/routes/signing.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { deleteTemplate } from './templates.service.js';

export const handler = httpApi(SIGNING_ROUTES.deleteSigningTemplate, async (ctx) => {
  await deleteTemplate(sessionActor(ctx), ctx.body.templateId);
  return ok({ ok: true as const });
});
