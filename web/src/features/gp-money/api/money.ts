import { IDEMPOTENCY_KEY_HEADER } from '@tranche/shared/http/idempotency';
import type { CapitalCallState } from '@tranche/shared/money/capital-call-state';
import type {
  CapitalCall,
  CreateCapitalCallBody,
  PostNavBody,
  RecordPaymentBody,
  Redemption,
  ShareClassNav,
} from '@tranche/shared/money/money.schema';
import useSWR, { useSWRConfig } from 'swr';
import { apiFetch } from '@/lib/api';
import { useCursorPages } from '@/lib/use-cursor-pages';

const PAGE_SIZE = 25;

export interface CallFilter {
  productId?: string | undefined;
  state?: CapitalCallState | undefined;
}

// Under 'session' (the answer depends on who is signed in: allowedEvents, canApprove), then 'gp-money'.
export const gpMoneyKeys = {
  calls: (filter: CallFilter, cursor: string | null) =>
    ['session', 'gp-money', 'calls', filter.productId ?? '', filter.state ?? '', cursor] as const,
  call: (callId: string) => ['session', 'gp-money', 'call', callId] as const,
  funds: () => ['session', 'gp-money', 'funds'] as const,
  fund: (productId: string) => ['session', 'gp-money', 'fund', productId] as const,
  nav: (productId: string, shareClassId: string) => ['session', 'gp-money', 'nav', productId, shareClassId] as const,
  redemptions: () => ['session', 'gp-money', 'redemptions'] as const,
};

const listCalls = ([, , , productId, state, cursor]: ReturnType<typeof gpMoneyKeys.calls>) =>
  apiFetch('listCapitalCalls', {
    query: {
      limit: PAGE_SIZE,
      ...(productId ? { productId } : {}),
      ...(state ? { state: state as CapitalCallState } : {}),
      ...(cursor ? { cursor } : {}),
    },
  });

/** The tenant's capital calls, newest first, by fund and state, page after page. */
export const useCapitalCalls = (filter: CallFilter) =>
  useCursorPages((cursor) => gpMoneyKeys.calls(filter, cursor), listCalls);

/** Issued, but a consumer is still writing the notices (they read DRAFT until written: within a second). */
export const writingNotices = (call: CapitalCall | undefined): boolean =>
  call !== undefined &&
  ['ISSUED', 'PARTLY_PAID', 'PAID'].includes(call.state) &&
  call.notices.some((n) => n.state === 'DRAFT');

/**
 * One call with its notices and the decisions open to this user (four eyes already applied). Read
 * again every second while its notices are being written, so the payment actions appear by themselves.
 */
export const useCapitalCall = (callId: string | undefined) =>
  useSWR(
    callId ? gpMoneyKeys.call(callId) : null,
    ([, , , id]) => apiFetch('getCapitalCall', { params: { callId: id } }),
    { refreshInterval: (call) => (writingNotices(call) ? 1_000 : 0) },
  );

/** The tenant's funds for the filters and pickers (the first 100 are plenty for a choice). */
export const useMoneyFunds = () =>
  useSWR(gpMoneyKeys.funds(), () => apiFetch('listGpProducts', { query: { limit: 100 } }));

/** One fund with its share classes (the NAV screen's class picker, the call form's currency). */
export const useMoneyFund = (productId: string | undefined) =>
  useSWR(productId ? gpMoneyKeys.fund(productId) : null, ([, , , id]) =>
    apiFetch('getGpProduct', { params: { productId: id } }),
  );

/** After an action the call page takes the answer as is (it carries the new allowedEvents). */
export const useStoreCall = () => {
  const { mutate } = useSWRConfig();
  // A large call's write answer leaves its notices out (noticesOmitted): read the whole call instead.
  return (call: CapitalCall) =>
    call.noticesOmitted
      ? mutate(gpMoneyKeys.call(call.callId))
      : mutate(gpMoneyKeys.call(call.callId), call, { revalidate: false });
};

/** Creating and recording a payment take an Idempotency-Key the caller keeps across retries. */
export const createCapitalCall = (body: CreateCapitalCallBody, idempotencyKey: string) =>
  apiFetch('createCapitalCall', { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

export const decideCapitalCall = (callId: string, event: 'APPROVE' | 'RETURN_TO_DRAFT' | 'CANCEL') =>
  apiFetch('decideCapitalCall', { params: { callId }, body: { event } });

export const issueCapitalCall = (callId: string, dueDate?: string) =>
  apiFetch('issueCapitalCall', { params: { callId }, body: dueDate ? { dueDate } : {} });

export const recordCallPayment = (callId: string, body: RecordPaymentBody, idempotencyKey: string) =>
  apiFetch('recordCallPayment', { params: { callId }, body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

export const confirmCallReceipt = (callId: string, subscriptionId: string) =>
  apiFetch('confirmCallReceipt', { params: { callId }, body: { subscriptionId } });

export const exportCallNotices = (callId: string) => apiFetch('exportCallNotices', { params: { callId } });

/** A short-lived link to one investor's notice as a PDF (rendered by the notice worker once the notice is written). */
export const callNoticePdf = (callId: string, subscriptionId: string) =>
  apiFetch('getCallNoticePdf', { params: { callId, subscriptionId } });

/** A share class's posted prices (oldest first) and drafts waiting for a second person. */
export const useShareClassNav = (productId: string | undefined, shareClassId: string | undefined) =>
  useSWR(productId && shareClassId ? gpMoneyKeys.nav(productId, shareClassId) : null, ([, , , p, c]) =>
    apiFetch('getShareClassNav', { params: { productId: p, shareClassId: c } }),
  );

export const useStoreNav = () => {
  const { mutate } = useSWRConfig();
  return (nav: ShareClassNav) => mutate(gpMoneyKeys.nav(nav.productId, nav.shareClassId), nav, { revalidate: false });
};

export const postNav = (productId: string, shareClassId: string, body: PostNavBody, idempotencyKey: string) =>
  apiFetch('postNav', {
    params: { productId, shareClassId },
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

export const approveNav = (productId: string, shareClassId: string) =>
  apiFetch('approveNav', { params: { productId, shareClassId } });

export const discardNav = (productId: string, shareClassId: string) =>
  apiFetch('discardNav', { params: { productId, shareClassId } });

export const uploadNav = (productId: string, csv: string) =>
  apiFetch('uploadNav', { params: { productId }, body: { csv } });

/** Every redemption request of the tenant's investors, newest first. */
export const useGpRedemptions = () => useSWR(gpMoneyKeys.redemptions(), () => apiFetch('listGpRedemptions', {}));

export const decideRedemption = (
  redemptionId: string,
  event: 'CONFIRM' | 'REQUEST_CHANGES' | 'REJECT',
  comment?: string,
) => apiFetch('decideRedemption', { params: { redemptionId }, body: { event, ...(comment ? { comment } : {}) } });

export type { Redemption };

/** Subscriptions holding a commitment that a call may draw on (so may excuse): the fund's, money-stage statuses. */
const CALLABLE: ReadonlySet<string> = new Set([
  'COMMITTED',
  'CAPITAL_CALL_OUTSTANDING',
  'FUND_RECEIVED',
  'RECEIPT_CONFIRMED',
  'INVESTED',
]);

/** The fund's investments a new call could draw on: what the form offers to excuse. */
export const useCallableSubscriptions = (productId: string | undefined) => {
  const swr = useSWR(productId ? ['session', 'gp-money', 'callable', productId] : null, ([, , , id]) =>
    apiFetch('listSubscriptions', { query: { productId: id as string, limit: 100 } }),
  );
  return { ...swr, items: (swr.data?.items ?? []).filter((s) => CALLABLE.has(s.status)) };
};

/** The team's names by user id (who prepared and approved a call or a NAV); ids stay ids if unknown. */
export const useTeamNames = () => {
  const swr = useSWR(['session', 'gp-money', 'team'], () => apiFetch('listTeamMembers', { query: { limit: 100 } }));
  const names = new Map((swr.data?.items ?? []).map((m) => [m.userId, m.displayName] as const));
  return (userId: string) => names.get(userId) ?? userId;
};

/** The tenant's investors' names by user id (a redemption names its investor by id). */
export const useInvestorNames = () => {
  const swr = useSWR(['session', 'gp-money', 'investors'], () =>
    apiFetch('listInvestors', { query: { limit: 100, order: 'newest' } }),
  );
  const names = new Map((swr.data?.items ?? []).map((i) => [i.userId, i.displayName] as const));
  return (userId: string) => names.get(userId) ?? userId;
};
