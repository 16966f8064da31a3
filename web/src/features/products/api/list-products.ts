import useSWRInfinite from 'swr/infinite';
import { type ApiResponse, apiFetch } from '../../../lib/api';

const PAGE_SIZE = 24;

/** One page of the product list; `cursor` is null for the first page. */
export const productListKey = (cursor: string | null) => ['products', 'list', cursor] as const;

export const listProducts = ([, , cursor]: ReturnType<typeof productListKey>) =>
  apiFetch('listProducts', { query: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } });

type Page = ApiResponse<'listProducts'>;

/** The tenant's published products, page after page ("show more"). */
export const useProducts = () => {
  const swr = useSWRInfinite(
    (index: number, previous: Page | null) => {
      if (index === 0) return productListKey(null);
      return previous?.nextCursor ? productListKey(previous.nextCursor) : null;
    },
    listProducts,
    { revalidateFirstPage: false },
  );
  const pages = swr.data ?? [];
  return {
    ...swr,
    products: pages.flatMap((page) => page.items),
    hasMore: Boolean(pages.at(-1)?.nextCursor),
    isLoadingMore: swr.isValidating && swr.size > pages.length,
  };
};
