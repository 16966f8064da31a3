import { IDEMPOTENCY_KEY_HEADER } from '@tranche/shared/http/idempotency';
import type { Redemption, RequestRedemptionBody } from '@tranche/shared/money/money.schema';
import useSWR, { useSWRConfig } from 'swr';
import { useDisplayCurrency } from '@/features/currency/use-display-currency';
import { apiFetch } from '@/lib/api';
import { useCursorPages } from '@/lib/use-cursor-pages';

/**
 * The investor's money reads (issue 14, /tmp/briefs/money-contract.md). Keys start with 'session'
 * (sign-out revalidates the signed-in investor's answers by that filter), then 'money'. None of the
 * routes takes an id: every answer is the session's own investments.
 */
export const moneyKeys = {
  statistics: (currency: string) => ['session', 'money', 'statistics', currency] as const,
  navLine: (currency: string) => ['session', 'money', 'nav-line', currency] as const,
  inProgress: () => ['session', 'money', 'in-progress'] as const,
  calls: () => ['session', 'money', 'calls'] as const,
  transactions: (from: string, to: string, productId: string) =>
    ['session', 'money', 'transactions', from, to, productId] as const,
  redemptions: () => ['session', 'money', 'redemptions'] as const,
  contractNotes: () => ['session', 'money', 'contract-notes'] as const,
  redemption: (redemptionId: string) => ['session', 'money', 'redemption', redemptionId] as const,
};

/**
 * Per investment and per currency: every tile and measure, computed by the server from the ledger,
 * and the totals converted into the currency the investor chose in the header (indicative, with
 * the rates used).
 */
export const useStatistics = () => {
  const [currency] = useDisplayCurrency();
  return useSWR(moneyKeys.statistics(currency), () => apiFetch('getSubscriptionStatistics', { query: { currency } }));
};

/** The NAV line of each investment (units held × NAV per unit at each price date). */
export const useNavLine = () => {
  const [currency] = useDisplayCurrency();
  return useSWR(moneyKeys.navLine(currency), () => apiFetch('getNavLineGraph', { query: { currency } }));
};

/** Investments with money still moving: undrawn commitment or an outstanding call. */
export const useInProgress = () => useSWR(moneyKeys.inProgress(), () => apiFetch('getSubscriptionInProgress', {}));

/** The investor's capital call notices, newest first. */
export const useInvestorCalls = () => useSWR(moneyKeys.calls(), () => apiFetch('listInvestorCalls', {}));

/** The server's filters: a date range (either end may be open) and one fund ('' for every fund). */
const rangeQuery = (from: string, to: string, productId = '') => ({
  ...(from ? { from } : {}),
  ...(to ? { to } : {}),
  ...(productId ? { productId } : {}),
});

/** Rows per page of /transactions (the server's pages, newest first; "Show more" asks for the next). */
export const TRANSACTIONS_PAGE = 50;

/**
 * The ledger's movements of the investor's investments between two dates (either may be open), of
 * one fund or all, newest first, a server page at a time (docs/money.md "Transactions paging" and
 * "Transactions by fund": the server fills each page of a fund, so paging stays right).
 */
export const useTransactions = (from: string, to: string, productId: string) =>
  useCursorPages(
    (cursor) => [...moneyKeys.transactions(from, to, productId), cursor] as const,
    ([, , , f, t, p, cursor]) =>
      apiFetch('listTransactions', {
        query: { ...rangeQuery(f, t, p), order: 'desc', limit: TRANSACTIONS_PAGE, ...(cursor ? { cursor } : {}) },
      }),
  );

/** The same range and fund as CSV, built by the server (spec types and statuses, formula-safe cells). */
export const exportTransactions = (from: string, to: string, productId: string) =>
  apiFetch('exportTransactions', { query: rangeQuery(from, to, productId) });

export const useRedemptions = () => useSWR(moneyKeys.redemptions(), () => apiFetch('listRedemptions', {}));

export const useRedemption = (redemptionId: string | undefined) =>
  useSWR(redemptionId ? moneyKeys.redemption(redemptionId) : null, ([, , , id]) =>
    apiFetch('getSubmittedRedemption', { params: { redemptionId: id } }),
  );

/**
 * A redemption request. `idempotencyKey` names the intended request: a press repeated with the same
 * answers (a lost response, a double click) gets the request already made, never a second one.
 */
export const requestRedemption = (body: RequestRedemptionBody, idempotencyKey: string) =>
  apiFetch('requestRedemption', { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

export type RedemptionChange =
  | { event: 'WITHDRAW' }
  | { event: 'AMEND'; full?: boolean; units?: string; amount?: string };

export const changeRedemption = (redemptionId: string, body: RedemptionChange) =>
  apiFetch('changeRedemption', { params: { redemptionId }, body });

/**
 * After a request or a change: the redemption's cache takes the answer, and the lists and figures it
 * moves (the redemptions list, what the holding has left to redeem) are asked again.
 */
export const useStoreRedemption = () => {
  const { mutate } = useSWRConfig();
  return async (redemption: Redemption) => {
    await mutate(moneyKeys.redemption(redemption.redemptionId), redemption, { revalidate: false });
    void mutate(moneyKeys.redemptions());
    void mutate((key) => Array.isArray(key) && key[1] === 'money' && key[2] === 'statistics');
    return redemption;
  };
};

/**
 * A short-lived link (5 minutes) to the notice's PDF, rendered by the notice worker; asked when the
 * investor presses Download, never kept. 409 callNoticeNotReady while it is still being rendered.
 */
export const callNoticePdf = (callId: string, subscriptionId: string) =>
  apiFetch('getCallNoticePdf', { params: { callId, subscriptionId } });

/** How to pay one of the investor's notices: the fund's account in the call's currency and the reference. */
export const useNoticePaymentDetails = (callId: string, subscriptionId: string, enabled: boolean) =>
  useSWR(enabled ? (['session', 'money', 'pay-to', callId, subscriptionId] as const) : null, ([, , , c, s]) =>
    apiFetch('getNoticePaymentDetails', { params: { callId: c, subscriptionId: s } }),
  );

/** A fresh short-lived link to one of the investor's contract notes as PDF. */
export const contractNotePdf = (subscriptionId: string, contractNoteId: string) =>
  apiFetch('getContractNotePdf', { params: { subscriptionId, contractNoteId } });

/** The investor's contract notes: each open-ended order dealt, at which NAV, fee and units. */
export const useContractNotes = () => useSWR(moneyKeys.contractNotes(), () => apiFetch('listContractNotes', {}));
