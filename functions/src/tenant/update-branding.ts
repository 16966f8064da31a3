import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { updateBranding } from './tenant-branding.service.js';

export const handler = httpApi(TENANT_ROUTES.updateBranding, async (ctx) =>
  ok(await updateBranding(sessionActor(ctx), ctx.body)),
);
