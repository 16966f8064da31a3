import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

export const currentPoliciesKey = () => ['policies', 'current'] as const;
export const getCurrentPolicies = () => apiFetch('getCurrentPolicies');

/** The current version of each published policy (public). The footer and the policies screens share it. */
export const useCurrentPolicies = () => useSWR(currentPoliciesKey(), getCurrentPolicies, { revalidateOnFocus: false });

export const searchPoliciesKey = (tenantId: string, q: string) => ['policies', 'search', tenantId, q] as const;
export const searchPolicies = ([, , tenantId, q]: ReturnType<typeof searchPoliciesKey>) =>
  apiFetch('searchPolicies', { params: { tenantId }, query: { q } });

/** The portal tenant's published policies containing `q`; nothing is asked while `q` is blank. */
export const useSearchPolicies = (tenantId: string, q: string) =>
  useSWR(q ? searchPoliciesKey(tenantId, q) : null, searchPolicies, { keepPreviousData: true });
