import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

export const gpProductKey = (productId: string) => ['session', 'gp-products', 'detail', productId] as const;

export const getGpProduct = ([, , , productId]: ReturnType<typeof gpProductKey>) =>
  apiFetch('getGpProduct', { params: { productId } });

/** A product in any state with its share classes, version and bookkeeping. */
export const useGpProduct = (productId: string | undefined) =>
  useSWR(productId ? gpProductKey(productId) : null, getGpProduct);
