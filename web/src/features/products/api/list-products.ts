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
  const { items, pages, ...rest } = useCursorPages((cursor) => productListKey(query, cursor), listProducts, {
    revalidateFirstPage: false,
    keepPreviousData: true,
  });
  return { ...rest, products: items, total: pages[0]?.total };
};
