import type { TenantInfo } from '@tranche/shared/tenant/tenant.schema';
import { createContext, useContext } from 'react';

export const TenantContext = createContext<TenantInfo | null>(null);

/** The resolved tenant; only rendered below TenantBoundary, which waits for it. */
export const useTenant = (): TenantInfo => {
  const tenant = useContext(TenantContext);
  if (!tenant) throw new Error('useTenant needs a TenantBoundary');
  return tenant;
};
