import { TENANT_PREFIX_PATTERN } from '@tranche/shared/tenant/prefix';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { getTenant, tenantIdByHost, tenantIdByPrefix } from '../tenant/tenant.repo.js';
import { DomainError } from './errors.js';

export interface PortalTenant {
  tenantId: string;
  prefix: string;
}

const header = (event: APIGatewayProxyEventV2, name: string): string | undefined => event.headers?.[name];

/**
 * Which tenant's portal this request came through: the tenant prefix the page runs under
 * (`/t/<prefix>/`, sent as `X-Tenant-Prefix`), else the host name (CloudFront copies the viewer's
 * Host into `x-forwarded-host`). This only picks the portal; on session routes the session must
 * belong to the same tenant, and the session alone is trusted.
 */
export const resolvePortalTenant = async (event: APIGatewayProxyEventV2): Promise<PortalTenant> => {
  const prefix = header(event, 'x-tenant-prefix');
  let tenantId: string | null = null;
  if (prefix !== undefined) {
    if (!TENANT_PREFIX_PATTERN.test(prefix)) throw new DomainError('TenantNotExist');
    tenantId = await tenantIdByPrefix(prefix);
  } else {
    const host = (header(event, 'x-forwarded-host') ?? header(event, 'host') ?? '').split(',')[0]?.trim() ?? '';
    const hostname = host.replace(/:\d+$/, '').toLowerCase();
    if (hostname) tenantId = await tenantIdByHost(hostname);
  }
  if (!tenantId) throw new DomainError('TenantNotExist');
  const tenant = await getTenant(tenantId);
  return { tenantId, prefix: tenant.prefix };
};
