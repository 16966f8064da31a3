import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { httpApi, ok } from '#lib/http-api';
import { gpActor } from './actor.js';
import { updateBranding } from './tenant-branding.service.js';

export const handler = httpApi(TENANT_ROUTES.updateBranding, async (ctx) =>
  ok(await updateBranding(gpActor(ctx), ctx.body)),
);
