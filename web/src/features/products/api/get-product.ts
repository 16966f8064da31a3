import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

export const productKey = (productId: string) => ['products', 'detail', productId] as const;

export const getProduct = ([, , productId]: ReturnType<typeof productKey>) =>
  apiFetch('getProduct', { query: { productId } });

/**
 * One product with its share classes and their fees. Not loading when it is in the cache: swr reports
 * a hook that mounts on cached data (app/preload.ts puts it there) as loading until its revalidation
 * on mount answers, so the page showed its skeleton and then rendered the whole fund in swr's
 * synchronous update, one long task (issue 9).
 */
export const useProduct = (productId: string | undefined) => {
  const swr = useSWR(productId ? productKey(productId) : null, getProduct);
  // Getters, not a copy: swr re-renders a component only for the fields it reads, and `isLoading`
  // reads swr's own only while there is no data (else its flip at the revalidation on mount would
  // re-render the whole page synchronously).
  return {
    mutate: swr.mutate,
    get data() {
      return swr.data;
    },
    get error() {
      return swr.error;
    },
    get isValidating() {
      return swr.isValidating;
    },
    get isLoading() {
      return swr.data === undefined && swr.isLoading;
    },
  };
};
