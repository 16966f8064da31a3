import type { DataTablePaging } from './data-table';

/** The paging props of a DataTable from what `useCursorPages` returns: "Show more" asks for one more page. */
export const cursorPaging = (
  pages: { hasMore: boolean; isLoadingMore: boolean; size: number; setSize: (size: number) => unknown },
  label?: string,
): DataTablePaging => ({
  hasMore: pages.hasMore,
  loadingMore: pages.isLoadingMore,
  onLoadMore: () => void pages.setSize(pages.size + 1),
  ...(label ? { label } : {}),
});
