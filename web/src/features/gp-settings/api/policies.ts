import useSWR, { useSWRConfig } from 'swr';
import { type ApiBody, apiFetch } from '@/lib/api';

export const policiesKey = () => ['session', 'gp-policies'] as const;

export const usePolicies = () => useSWR(policiesKey(), () => apiFetch('listPolicies'));

/** After a change: the console's list and the investors' view of the policies. */
export const useRevalidatePolicies = () => {
  const { mutate } = useSWRConfig();
  // Matcher only: keeps what is on screen while it is fetched again (data `undefined` would drop it).
  return () =>
    mutate(
      (key) => Array.isArray(key) && ((key[0] === 'session' && key[1] === 'gp-policies') || key[0] === 'policies'),
    );
};

export const createPolicy = (body: ApiBody<'createPolicy'>) => apiFetch('createPolicy', { body });
export const updatePolicy = (policyId: string, body: ApiBody<'updatePolicy'>) =>
  apiFetch('updatePolicy', { params: { policyId }, body });
export const publishPolicy = (policyId: string, revision: string) =>
  apiFetch('publishPolicy', { params: { policyId }, body: { revision } });
export const archivePolicy = (policyId: string) => apiFetch('archivePolicy', { params: { policyId } });
