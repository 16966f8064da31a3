import type { BankDecisionBody } from '@tranche/shared/profile/bank-approval.schema';
import useSWR, { useSWRConfig } from 'swr';
import { apiFetch } from '@/lib/api';

export const bankAccountReviewKey = (profileId: string, bankId: string) =>
  ['session', 'gp-bank-account', profileId, bankId] as const;

const getReview = ([, , profileId, bankId]: ReturnType<typeof bankAccountReviewKey>) =>
  apiFetch('getBankAccountForReview', { params: { profileId, bankId } });

/** A bank account as the team reviews it: masked, with its version and the decisions open to this user. */
export const useBankAccountReview = (profileId: string | undefined, bankId: string | undefined) =>
  useSWR(profileId && bankId ? bankAccountReviewKey(profileId, bankId) : null, getReview);

/** Decides on the version read; the answer replaces the cached account. */
export const useDecideBankAccount = (profileId: string, bankId: string) => {
  const { mutate } = useSWRConfig();
  return async (body: BankDecisionBody) => {
    const decided = await apiFetch('decideBankAccount', { params: { profileId, bankId }, body });
    await mutate(bankAccountReviewKey(profileId, bankId), decided, { revalidate: false });
    return decided;
  };
};
