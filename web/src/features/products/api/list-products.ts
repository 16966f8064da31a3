import useSWRInfinite from 'swr/infinite';
import { type ApiQuery, type ApiResponse, apiFetch } from '../../../lib/api';
import type { ProductSearchConditions } from '../../../lib/storage';

const PAGE_SIZE = 24;

type ListQuery = Omit<NonNullable<ApiQuery<'listProducts'>>, 'limit' | 'cursor'>;

/** The API's search query for what the investor chose ("all" and empty text mean no condition). */
export const conditionsToQuery = (c: ProductSearchConditions): ListQuery => {
  const q = c.text.trim();
  const query: ListQuery = {
    ...(q ? { q } : {}),
    ...(c.openness !== 'ALL' ? { openness: c.openness } : {}),
    ...(c.strategy ? { strategy: c.strategy } : {}),
    ...(c.region ? { region: c.region } : {}),
    ...(c.fundType ? { fundType: c.fundType } : {}),
    ...(c.objective ? { objective: c.objective } : {}),
    ...(c.targetReturnRange ? { targetReturnRange: c.targetReturnRange } : {}),
    ...(c.currency ? { currency: c.currency as NonNullable<ListQuery['currency']> } : {}),
  };
  return query;
};

/** One page of the catalogue for one search; `cursor` is null for the first page. */
export const productListKey = (query: ListQuery, cursor: string | null) =>
  ['products', 'list', JSON.stringify(query), cursor] as const;

export const listProducts = ([, , query, cursor]: ReturnType<typeof productListKey>) =>
  apiFetch('listProducts', {
    query: { ...(JSON.parse(query) as ListQuery), limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
  });

type Page = ApiResponse<'listProducts'>;

/** The catalogue searched on the server, page after page ("show more"), with the total that match. */
export const useProducts = (conditions: ProductSearchConditions) => {
  const query = conditionsToQuery(conditions);
  const swr = useSWRInfinite(
    (index: number, previous: Page | null) => {
      if (index === 0) return productListKey(query, null);
      return previous?.nextCursor ? productListKey(query, previous.nextCursor) : null;
    },
    listProducts,
    { revalidateFirstPage: false, keepPreviousData: true },
  );
  const pages = swr.data ?? [];
  return {
    ...swr,
    products: pages.flatMap((page) => page.items),
    total: pages[0]?.total,
    hasMore: Boolean(pages.at(-1)?.nextCursor),
    isLoadingMore: swr.isValidating && swr.size > pages.length,
  };
};
