import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { DomainError } from '#lib/errors';
import { httpApi, ok } from '#lib/http-api';
import { searchPolicies } from './policy.service.js';

/** The tenant in the path must be the portal's own: another tenant's id is not found, never its data. */
export const handler = httpApi(TENANT_ROUTES.searchPolicies, async ({ tenantId, params, query }) => {
  if (params.tenantId !== tenantId) throw new DomainError('TenantNotExist');
  return ok(await searchPolicies(tenantId, query.q));
});
