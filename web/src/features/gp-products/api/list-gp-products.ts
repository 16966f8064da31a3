import type { ProductState } from '@tranche/shared/enums';
import useSWRInfinite from 'swr/infinite';
import { type ApiResponse, apiFetch } from '../../../lib/api';

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

type Page = ApiResponse<'listGpProducts'>;

/** Every product of the tenant in any state, for the console, page after page. */
export const useGpProducts = (filter: GpProductFilter) => {
  const swr = useSWRInfinite(
    (index: number, previous: Page | null) => {
      if (index === 0) return gpProductListKey(filter, null);
      return previous?.nextCursor ? gpProductListKey(filter, previous.nextCursor) : null;
    },
    listGpProducts,
    { revalidateFirstPage: false, keepPreviousData: true },
  );
  const pages = swr.data ?? [];
  return {
    ...swr,
    products: pages.flatMap((page) => page.items),
    hasMore: Boolean(pages.at(-1)?.nextCursor),
    isLoadingMore: swr.isValidating && swr.size > pages.length,
  };
};
