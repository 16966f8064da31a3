import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { httpApi, ok } from '#lib/http-api';
import { getGpPolicy } from './policy.service.js';

export const handler = httpApi(TENANT_ROUTES.getPolicy, async ({ tenantId, params }) =>
  ok(await getGpPolicy(tenantId, params.policyId)),
);
