import { IDEMPOTENCY_KEY_HEADER } from '@tranche/shared/http/idempotency';
import type { CreateCorrectionBody } from '@tranche/shared/money/money.schema';
import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

type CorrectionState = 'PENDING' | 'POSTED' | 'REJECTED';

// Ledger corrections (money-extras' routes): under 'session', then 'gp-money'.
export const correctionKeys = {
  ledger: (subscriptionId: string) => ['session', 'gp-money', 'ledger', subscriptionId] as const,
  list: (state: CorrectionState | '') => ['session', 'gp-money', 'corrections', state] as const,
};

/** One investment's ledger as the manager reads it: its balances and every entry, reversed or not. */
export const useInvestmentLedger = (subscriptionId: string | undefined) =>
  useSWR(subscriptionId ? correctionKeys.ledger(subscriptionId) : null, ([, , , id]) =>
    apiFetch('getInvestmentLedger', { params: { subscriptionId: id } }),
  );

/** A correction of one entry (its reversal, and the corrected entry if given); one key per intended correction. */
export const createLedgerCorrection = (subscriptionId: string, body: CreateCorrectionBody, idempotencyKey: string) =>
  apiFetch('createLedgerCorrection', {
    params: { subscriptionId },
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

export const useLedgerCorrections = (state: CorrectionState | undefined) =>
  useSWR(correctionKeys.list(state ?? ''), ([, , , s]) =>
    apiFetch('listLedgerCorrections', { query: s ? { state: s as CorrectionState } : {} }),
  );

export const decideLedgerCorrection = (correctionId: string, event: 'APPROVE' | 'REJECT', comment?: string) =>
  apiFetch('decideLedgerCorrection', { params: { correctionId }, body: { event, ...(comment ? { comment } : {}) } });
