import { unstable_serialize } from 'swr/infinite';
import { apiFetch } from '@/lib/api';
import { useCursorPages } from '@/lib/use-cursor-pages';

export const productAuditKey = (productId: string, cursor: string | null) =>
  ['session', 'gp-products', 'audit', productId, cursor] as const;

export const listProductAudit = ([, , , productId, cursor]: ReturnType<typeof productAuditKey>) =>
  apiFetch('listProductAudit', { params: { productId }, query: { limit: 25, ...(cursor ? { cursor } : {}) } });

/** The cache key of the whole paged trail (what `mutate` needs to ask it again). */
export const productAuditPagesKey = (productId: string) => unstable_serialize(() => productAuditKey(productId, null));

/** A product's audit trail, newest first, page after page. */
export const useProductAudit = (productId: string) => {
  const { items, ...rest } = useCursorPages((cursor) => productAuditKey(productId, cursor), listProductAudit);
  return { ...rest, events: items };
};
