import useSWRInfinite from 'swr/infinite';
import { type ApiResponse, apiFetch } from '../../../lib/api';

export const productAuditKey = (productId: string, cursor: string | null) =>
  ['session', 'gp-products', 'audit', productId, cursor] as const;

export const listProductAudit = ([, , , productId, cursor]: ReturnType<typeof productAuditKey>) =>
  apiFetch('listProductAudit', { params: { productId }, query: { limit: 25, ...(cursor ? { cursor } : {}) } });

type Page = ApiResponse<'listProductAudit'>;

/** A product's audit trail, newest first, page after page. */
export const useProductAudit = (productId: string) => {
  const swr = useSWRInfinite((index: number, previous: Page | null) => {
    if (index === 0) return productAuditKey(productId, null);
    return previous?.nextCursor ? productAuditKey(productId, previous.nextCursor) : null;
  }, listProductAudit);
  const pages = swr.data ?? [];
  return {
    ...swr,
    events: pages.flatMap((page) => page.items),
    hasMore: Boolean(pages.at(-1)?.nextCursor),
    isLoadingMore: swr.isValidating && swr.size > pages.length,
  };
};
