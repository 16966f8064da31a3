import type { KycQueuePage } from '@tranche/shared/profile/kyc.schema';
import type { KycCaseStatus } from '@tranche/shared/profile/kyc-case-lifecycle';
import { useRef } from 'react';
import { apiFetch } from '@/lib/api';
import { useCursorPages } from '@/lib/use-cursor-pages';

const PAGE_SIZE = 25;

// Under 'session' (the answer depends on who is signed in), then 'gp-kyc'.
export const kycQueueKey = (status: KycCaseStatus, cursor: string | null) =>
  ['session', 'gp-kyc', 'queue', status, cursor] as const;

const listKycCases = ([, , , status, cursor]: ReturnType<typeof kycQueueKey>) =>
  apiFetch('listKycCases', { query: { status, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } });

/**
 * The cases of one status, newest first, page after page, with the count of every status (the tabs)
 * as of the first page. Rows of another status are never kept on screen while a tab loads.
 */
export const useKycQueue = (status: KycCaseStatus) => {
  const { items, pages, ...rest } = useCursorPages((cursor) => kycQueueKey(status, cursor), listKycCases);
  // The tabs keep the last counts while another status loads, instead of flickering to bare labels.
  const counts = useRef<KycQueuePage['counts'] | undefined>(undefined);
  if (pages[0]) counts.current = pages[0].counts;
  return { ...rest, cases: items, counts: counts.current };
};
