import { SIGNING_ROUTES } from '@tranche/shared/http/routes/signing.routes';
import { httpApi, ok } from '#lib/http-api';
import { listTemplates } from './templates.service.js';

export const handler = httpApi(SIGNING_ROUTES.listSigningTemplates, async (ctx) =>
  ok(await listTemplates(ctx.tenantId)),
);
