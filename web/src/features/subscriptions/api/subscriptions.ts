import { IDEMPOTENCY_KEY_HEADER } from '@tranche/shared/http/idempotency';
import type {
  AddSubscriptionDocument,
  CreateSubscription,
  Subscription,
  SubscriptionAction,
} from '@tranche/shared/subscription/subscription.schema';
import useSWR, { useSWRConfig } from 'swr';
import { unstable_serialize } from 'swr/infinite';
import { apiFetch } from '@/lib/api';
import { useCursorPages } from '@/lib/use-cursor-pages';

const PAGE_SIZE = 20;

/**
 * Every subscription key, under 'session' (the answers are the signed-in investor's: sign-out
 * revalidates them by that filter), then 'subscriptions'.
 */
export const subscriptionKeys = {
  page: (cursor: string | null, limit: number) => ['session', 'subscriptions', 'list', limit, cursor] as const,
  one: (subscriptionId: string) => ['session', 'subscriptions', 'one', subscriptionId] as const,
};

const listPage = ([, , , limit, cursor]: ReturnType<typeof subscriptionKeys.page>) =>
  apiFetch('listSubscriptions', { query: { limit, ...(cursor ? { cursor } : {}) } });

/** The investor's subscriptions, newest first, page after page. */
export const useMySubscriptions = () => useCursorPages((cursor) => subscriptionKeys.page(cursor, PAGE_SIZE), listPage);

/** The newest few, for the home page (one request, no paging). */
export const useRecentSubscriptions = (limit: number) => useSWR(subscriptionKeys.page(null, limit), listPage);

const getSubscription = ([, , , subscriptionId]: ReturnType<typeof subscriptionKeys.one>) =>
  apiFetch('getSubscription', { params: { subscriptionId } });

/** One subscription: status, amounts, documents, signatures, history and the actions open to me. */
export const useSubscription = (subscriptionId: string | undefined) =>
  useSWR(subscriptionId ? subscriptionKeys.one(subscriptionId) : null, getSubscription);

/**
 * Creates a subscription. `idempotencyKey` names the intended one: the same key for a press
 * repeated with the same answers gets the subscription already made.
 */
export const createSubscription = (body: CreateSubscription, idempotencyKey: string) =>
  apiFetch('createSubscription', { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

/**
 * After a change the subscription's cache takes the answer as is, and the lists (paged: swr's key
 * filter does not reach them) are asked again page by page from the first.
 */
export const useStoreSubscription = () => {
  const { mutate } = useSWRConfig();
  return async (subscription: Subscription) => {
    await mutate(subscriptionKeys.one(subscription.subscriptionId), subscription, { revalidate: false });
    void mutate(unstable_serialize(() => subscriptionKeys.page(null, PAGE_SIZE)));
    void mutate((key) => Array.isArray(key) && key[1] === 'subscriptions' && key[2] === 'list');
    return subscription;
  };
};

/** The two-step submission: PREPARE runs the NIGO check (422 SUBSCRIPTION_NIGO), SUBMIT hands it over. */
export const submitSubscription = (subscriptionId: string, step: 'PREPARE' | 'SUBMIT', version: number) =>
  apiFetch('submitSubscription', { params: { subscriptionId }, body: { step, version } });

/** A lifecycle event the investor fires (INVEST after a reservation, UPLOAD_DOCUMENTS, WITHDRAW). */
export const transitionSubscription = (subscriptionId: string, body: SubscriptionAction) =>
  apiFetch('transitionSubscription', { params: { subscriptionId }, body });

/** Attaches a clean uploaded file (a mandatory or an additional document) to the subscription. */
export const addSubscriptionDocument = (subscriptionId: string, body: AddSubscriptionDocument) =>
  apiFetch('addSubscriptionDocument', { params: { subscriptionId }, body });
