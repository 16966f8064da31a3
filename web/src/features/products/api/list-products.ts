import { useSWRConfig } from 'swr';
import { unstable_serialize as infiniteKeyOf } from 'swr/infinite';
import { type ApiQuery, apiFetch } from '@/lib/api';
import type { ProductSearchConditions } from '@/lib/storage';
import { useCursorPages } from '@/lib/use-cursor-pages';

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

/** The catalogue searched on the server, page after page ("show more"), with the total that match. */
export const useProducts = (conditions: ProductSearchConditions) => {
  const query = conditionsToQuery(conditions);
  const { cache } = useSWRConfig();
  const { items, pages, isLoading, ...rest } = useCursorPages((cursor) => productListKey(query, cursor), listProducts, {
    revalidateFirstPage: false,
    keepPreviousData: true,
  });
  // swr reports a hook that mounts on cached pages (app/preload.ts puts the first one there) as
  // loading until its revalidation on mount answers, so the page showed its skeleton and then rendered
  // every card in swr's synchronous update, one long task (issue 9). Pages of this very search in the
  // cache are not loading; the previous search's pages kept while a new one loads still are.
  const cached = cache.get(infiniteKeyOf(() => productListKey(query, null)))?.data !== undefined;
  return { ...rest, isLoading: isLoading && !cached, products: items, total: pages[0]?.total };
};
