import type { PlatformTenant } from '@tranche/shared/platform/platform.schema';
import type { TenantRecord } from '../tenant/tenant.repo.js';

/** A tenant item as the operator sees it: who it is and how it is reached, none of its configuration. */
export const toPlatformTenant = (item: Record<string, unknown>): PlatformTenant => {
  const tenant = item as unknown as TenantRecord & { createdAt?: string };
  return {
    tenantId: tenant.tenantId,
    prefix: tenant.prefix,
    name: tenant.branding.displayName,
    domains: tenant.domains,
    defaultLanguage: tenant.defaultLanguage,
    defaultCurrency: tenant.defaultCurrency,
    ...(tenant.createdAt ? { createdAt: tenant.createdAt } : {}),
  };
};
