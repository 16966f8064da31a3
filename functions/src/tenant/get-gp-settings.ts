import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { httpApi, ok } from '#lib/http-api';
import { getGpSettings } from './tenant.repo.js';

export const handler = httpApi(TENANT_ROUTES.getGpSettings, async ({ tenantId }) => ok(await getGpSettings(tenantId)));
