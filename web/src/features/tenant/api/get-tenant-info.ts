import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

export const tenantInfoKey = () => ['tenant', 'info'] as const;

export const getTenantInfo = () => apiFetch('getTenantInfo');

/** The portal's tenant (branding, languages, currencies): the first thing the app loads. */
export const useTenantInfo = () => useSWR(tenantInfoKey(), getTenantInfo, { revalidateIfStale: false });
