import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

export const publishChecklistKey = (productId: string) =>
  ['session', 'gp-products', 'publish-checklist', productId] as const;

export const getPublishChecklist = ([, , , productId]: ReturnType<typeof publishChecklistKey>) =>
  apiFetch('getProductPublishChecklist', { params: { productId } });

/**
 * What the product has and lacks for going live, as the API judges it (the same shared function
 * refuses the transition): asked for only while `enabled` (a lifecycle button that goes live is shown).
 */
export const usePublishChecklist = (productId: string, enabled: boolean) =>
  useSWR(enabled ? publishChecklistKey(productId) : null, getPublishChecklist);
