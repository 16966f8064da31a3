import type { ProductState } from '@tranche/shared/enums';
import { apiFetch } from '@/lib/api';
import { useCursorPages } from '@/lib/use-cursor-pages';

const PAGE_SIZE = 25;

export interface GpProductFilter {
  state?: ProductState | undefined;
  q?: string | undefined;
}

// Under 'session' (the answer depends on who is signed in), then 'gp-products' for mutations to revalidate.
export const gpProductListKey = (filter: GpProductFilter, cursor: string | null) =>
  ['session', 'gp-products', 'list', filter.state ?? '', filter.q ?? '', cursor] as const;

export const listGpProducts = ([, , , state, q, cursor]: ReturnType<typeof gpProductListKey>) =>
  apiFetch('listGpProducts', {
    query: {
      limit: PAGE_SIZE,
      ...(state ? { state: state as ProductState } : {}),
      ...(q ? { q } : {}),
      ...(cursor ? { cursor } : {}),
    },
  });

/** Every product of the tenant in any state, for the console, page after page. */
export const useGpProducts = (filter: GpProductFilter) => {
  const { items, ...rest } = useCursorPages((cursor) => gpProductListKey(filter, cursor), listGpProducts, {
    revalidateFirstPage: false,
    keepPreviousData: true,
  });
  return { ...rest, products: items };
};
