import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { httpApi, ok } from '#lib/http-api';
import { readTenant } from './tenant.repo.js';
import { toTenantConfig } from './tenant-branding.service.js';

export const handler = httpApi(TENANT_ROUTES.getTenantConfig, async ({ tenantId }) =>
  ok(await toTenantConfig(await readTenant(tenantId))),
);
