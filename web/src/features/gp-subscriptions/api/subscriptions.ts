import { IDEMPOTENCY_KEY_HEADER } from '@tranche/shared/http/idempotency';
import type { SubscriptionStatus, SubscriptionType } from '@tranche/shared/subscription/statuses';
import type {
  AddSubscriptionDocument,
  CreateSubscription,
  Subscription,
  SubscriptionAction,
} from '@tranche/shared/subscription/subscription.schema';
import useSWR, { useSWRConfig } from 'swr';
import { apiFetch } from '@/lib/api';
import { useCursorPages } from '@/lib/use-cursor-pages';

const PAGE_SIZE = 25;

export interface QueueFilter {
  status?: SubscriptionStatus | undefined;
  productId?: string | undefined;
  type?: SubscriptionType | undefined;
}

// Under 'session' (the answer depends on who is signed in), then 'gp-subscriptions'.
export const gpSubscriptionKeys = {
  queue: (filter: QueueFilter, cursor: string | null) =>
    [
      'session',
      'gp-subscriptions',
      'queue',
      filter.status ?? '',
      filter.productId ?? '',
      filter.type ?? '',
      cursor,
    ] as const,
  one: (subscriptionId: string) => ['session', 'gp-subscriptions', 'one', subscriptionId] as const,
  investor: (userId: string) => ['session', 'gp-subscriptions', 'investor', userId] as const,
  funds: () => ['session', 'gp-subscriptions', 'funds'] as const,
};

const listQueue = ([, , , status, productId, type, cursor]: ReturnType<typeof gpSubscriptionKeys.queue>) =>
  apiFetch('listSubscriptions', {
    query: {
      limit: PAGE_SIZE,
      ...(status ? { status: status as SubscriptionStatus } : {}),
      ...(productId ? { productId } : {}),
      ...(type ? { type: type as SubscriptionType } : {}),
      ...(cursor ? { cursor } : {}),
    },
  });

/** The tenant's subscriptions, newest first, filtered by status, fund and type, page after page. */
export const useSubscriptionQueue = (filter: QueueFilter) =>
  useCursorPages((cursor) => gpSubscriptionKeys.queue(filter, cursor), listQueue);

/** One subscription with its documents, signatures, history and the decisions open to this user. */
export const useGpSubscription = (subscriptionId: string | undefined) =>
  useSWR(subscriptionId ? gpSubscriptionKeys.one(subscriptionId) : null, ([, , , id]) =>
    apiFetch('getSubscription', { params: { subscriptionId: id } }),
  );

/** The investor behind a subscription: their profiles (the screening state) and other subscriptions. */
export const usePrincipal = (userId: string | undefined) =>
  useSWR(userId ? gpSubscriptionKeys.investor(userId) : null, ([, , , id]) =>
    apiFetch('getPrincipalDetail', { query: { userId: id } }),
  );

/** The tenant's funds for the queue's fund filter (the first page is plenty for a filter). */
export const useFundChoices = () =>
  useSWR(gpSubscriptionKeys.funds(), () => apiFetch('listGpProducts', { query: { limit: 100 } }));

/**
 * After a decision the case takes the answer as is. The queue needs no nudge: it is read again
 * whenever it is shown (swr revalidates a stale list on mount), and the bulk approval refreshes the
 * list it is on itself.
 */
export const useStoreGpSubscription = () => {
  const { mutate } = useSWRConfig();
  return (subscription: Subscription) =>
    mutate(gpSubscriptionKeys.one(subscription.subscriptionId), subscription, { revalidate: false });
};

export const transitionSubscription = (subscriptionId: string, body: SubscriptionAction) =>
  apiFetch('transitionSubscription', { params: { subscriptionId }, body });

export const bulkApprove = (items: { subscriptionId: string; version: number }[]) =>
  apiFetch('bulkApproveSubscriptions', { body: { items } });

export const addSubscriptionDocument = (subscriptionId: string, body: AddSubscriptionDocument) =>
  apiFetch('addSubscriptionDocument', { params: { subscriptionId }, body });

/** Add manually: one Idempotency-Key per intended entry, as on the investor's side. */
export const createSubscription = (body: CreateSubscription, idempotencyKey: string) =>
  apiFetch('createSubscription', { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

/** The fund Add manually is for, as the console reads it (any state: the offer rule decides). */
export const useGpFund = (productId: string | undefined) =>
  useSWR(productId ? ['session', 'gp-subscriptions', 'fund', productId] : null, ([, , , id]) =>
    apiFetch('getGpProduct', { params: { productId: id as string } }),
  );

/** The tenant's investors whose name or email has every word of `q` (the first 20). */
export const useInvestorSearch = (q: string) =>
  useSWR(['session', 'gp-subscriptions', 'investors', q], ([, , , text]) =>
    apiFetch('listInvestors', { query: { limit: 20, order: 'newest', ...(text ? { q: text } : {}) } }),
  );
