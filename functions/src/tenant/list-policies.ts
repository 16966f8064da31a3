import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { httpApi, ok } from '#lib/http-api';
import { listGpPolicies } from './policy.service.js';

export const handler = httpApi(TENANT_ROUTES.listPolicies, async ({ tenantId }) => ok(await listGpPolicies(tenantId)));
