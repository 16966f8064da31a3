import { IDEMPOTENCY_KEY_HEADER } from '@tranche/shared/http/idempotency';
import type { CreateDistributionBody, Distribution } from '@tranche/shared/money/money.schema';
import useSWR, { useSWRConfig } from 'swr';
import { apiFetch } from '@/lib/api';

// Distributions and dealing runs (the money-dealing routes): under 'session', then 'gp-money'.
export const dealingKeys = {
  distributions: (productId: string) => ['session', 'gp-money', 'distributions', productId] as const,
  distribution: (distributionId: string) => ['session', 'gp-money', 'distribution', distributionId] as const,
  runs: (productId: string, shareClassId: string) => ['session', 'gp-money', 'runs', productId, shareClassId] as const,
};

/** The tenant's distributions newest first, of one fund or all. */
export const useDistributions = (productId: string | undefined) =>
  useSWR(dealingKeys.distributions(productId ?? ''), ([, , , id]) =>
    apiFetch('listDistributions', { query: id ? { productId: id } : {} }),
  );

/** Approved distributions are declared to the ledger one investor at a time: read again until all are. */
const posting = (d: Distribution | undefined) =>
  d !== undefined &&
  ((d.state === 'APPROVED' && d.posted.declared < d.parts.length) ||
    (d.state === 'PAID' && d.posted.paid < d.parts.length));

export const useDistribution = (distributionId: string | undefined) =>
  useSWR(
    distributionId ? dealingKeys.distribution(distributionId) : null,
    ([, , , id]) => apiFetch('getDistribution', { params: { distributionId: id } }),
    { refreshInterval: (d) => (posting(d) ? 1_000 : 0) },
  );

export const useStoreDistribution = () => {
  const { mutate } = useSWRConfig();
  return (d: Distribution) => mutate(dealingKeys.distribution(d.distributionId), d, { revalidate: false });
};

export const createDistribution = (body: CreateDistributionBody, idempotencyKey: string) =>
  apiFetch('createDistribution', { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

export const decideDistribution = (distributionId: string, event: 'APPROVE' | 'CANCEL') =>
  apiFetch('decideDistribution', { params: { distributionId }, body: { event } });

export const payDistribution = (distributionId: string) =>
  apiFetch('payDistribution', { params: { distributionId }, body: {} });

/** A share class's dealing runs, newest dealing date first. */
export const useDealingRuns = (productId: string | undefined, shareClassId: string | undefined) =>
  useSWR(productId && shareClassId ? dealingKeys.runs(productId, shareClassId) : null, ([, , , p, c]) =>
    apiFetch('listDealingRuns', { params: { productId: p, shareClassId: c } }),
  );

export const runDealing = (productId: string, shareClassId: string, dealingDate: string, idempotencyKey: string) =>
  apiFetch('runDealing', {
    params: { productId, shareClassId },
    body: { dealingDate },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/** The contract notes of a fund's dealt open-ended orders (written when a NAV deals them). */
export const useContractNotes = (productId: string | undefined) =>
  useSWR(productId ? ['session', 'gp-money', 'contract-notes', productId] : null, ([, , , id]) =>
    apiFetch('listGpContractNotes', { params: { productId: id as string } }),
  );

/**
 * A fresh 5-minute link to a contract note's PDF (the route serves the team as well as the note's
 * investor); 409 contractNoteNotReady until the notice worker has rendered it.
 */
export const contractNotePdf = (subscriptionId: string, contractNoteId: string) =>
  apiFetch('getContractNotePdf', { params: { subscriptionId, contractNoteId } });

/** Finance confirms the transfer of a dealt redemption's proceeds. */
export const payRedemption = (redemptionId: string, paidOn?: string) =>
  apiFetch('payRedemption', { params: { redemptionId }, body: paidOn ? { paidOn } : {} });
