import { PLATFORM_ROUTES } from '@tranche/shared/http/routes/platform.routes';
import { created, httpApi } from '#lib/http-api';
import { provisionTenant } from './provision-tenant.js';

export const handler = httpApi(PLATFORM_ROUTES.createTenant, async (ctx) =>
  created(await provisionTenant(ctx.body, ctx)),
);
