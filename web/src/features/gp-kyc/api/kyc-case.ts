import type { KycDecisionBody } from '@tranche/shared/profile/kyc.schema';
import { KYC_CASE_STATUSES } from '@tranche/shared/profile/kyc-case-lifecycle';
import useSWR, { useSWRConfig } from 'swr';
import { unstable_serialize } from 'swr/infinite';
import { kycQueueKey } from '@/features/gp-kyc/api/kyc-queue';
import { apiFetch } from '@/lib/api';

export const kycCaseKey = (caseId: string) => ['session', 'gp-kyc', 'case', caseId] as const;

const getKycCase = ([, , , caseId]: ReturnType<typeof kycCaseKey>) => apiFetch('getKycCase', { params: { caseId } });

/** One case: the profile as screened, its subjects and matches, identity check, risk, history. */
export const useKycCase = (caseId: string | undefined) => useSWR(caseId ? kycCaseKey(caseId) : null, getKycCase);

/**
 * Decides the case on the version the manager read. The answer is the case after the decision: it
 * replaces the cached case at once, and every queue page is asked again (the case left its tab).
 */
export const useDecideKycCase = (caseId: string) => {
  const { mutate } = useSWRConfig();
  return async (body: KycDecisionBody) => {
    const decided = await apiFetch('decideKycCase', { params: { caseId }, body });
    await mutate(kycCaseKey(caseId), decided, { revalidate: false });
    // A key filter never reaches paged (useSWRInfinite) lists: each status's queue is asked by its own key.
    for (const status of KYC_CASE_STATUSES) void mutate(unstable_serialize(() => kycQueueKey(status, null)));
    return decided;
  };
};
