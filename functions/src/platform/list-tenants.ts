import { PLATFORM_ROUTES } from '@tranche/shared/http/routes/platform.routes';
import { httpApi, ok } from '#lib/http-api';
import { listPlatformTenants } from './list-platform-tenants.js';

export const handler = httpApi(PLATFORM_ROUTES.listTenants, async (ctx) => ok(await listPlatformTenants(ctx.query)));
