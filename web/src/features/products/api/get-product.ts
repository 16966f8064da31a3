import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

export const productKey = (productId: string) => ['products', 'detail', productId] as const;

export const getProduct = ([, , productId]: ReturnType<typeof productKey>) =>
  apiFetch('getProduct', { query: { productId } });

/** One product with its share classes and their fees. */
export const useProduct = (productId: string | undefined) =>
  useSWR(productId ? productKey(productId) : null, getProduct);
