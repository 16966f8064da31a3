import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { readTenant } from './tenant.repo.js';
import { toTenantConfig } from './tenant.service.js';

export const handler = httpApi(route('getTenantConfig'), async ({ tenantId }) =>
  ok(await toTenantConfig(await readTenant(tenantId))),
);
