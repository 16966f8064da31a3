import useSWRInfinite, { type SWRInfiniteConfiguration } from 'swr/infinite';

interface CursorPage {
  items: readonly unknown[];
  nextCursor?: string | undefined;
}

/**
 * A cursor-paged list read page after page ("show more"): `keyOf(cursor)` is the key of the page
 * that starts at `cursor` (null for the first); the next page is asked for only while the last one
 * answered a `nextCursor`.
 */
export const useCursorPages = <Key extends readonly unknown[], Page extends CursorPage>(
  keyOf: (cursor: string | null) => Key,
  fetcher: (key: Key) => Promise<Page>,
  config?: SWRInfiniteConfiguration<Page>,
) => {
  const swr = useSWRInfinite(
    (index: number, previous: Page | null) => {
      if (index === 0) return keyOf(null);
      return previous?.nextCursor ? keyOf(previous.nextCursor) : null;
    },
    fetcher,
    config,
  );
  const pages = swr.data ?? [];
  return {
    ...swr,
    pages,
    items: pages.flatMap((page) => page.items as Page['items'][number][]),
    hasMore: Boolean(pages.at(-1)?.nextCursor),
    isLoadingMore: swr.isValidating && swr.size > pages.length,
  };
};
