import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { httpApi, ok } from '#lib/http-api';
import { currentPolicies } from './policy.service.js';

export const handler = httpApi(TENANT_ROUTES.getCurrentPolicies, async ({ tenantId, query }) =>
  ok(await currentPolicies(tenantId, query.kind)),
);
