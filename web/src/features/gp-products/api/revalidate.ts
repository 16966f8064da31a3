import { useSWRConfig } from 'swr';
import { productAuditPagesKey } from './audit';

/**
 * After a change to a product: every console view of products (lists, the product, its audit trail,
 * contract) and the investor catalogue's views of it are asked again, keeping what they show meanwhile
 * (passing `undefined` as data would blank every screen into its loading state).
 */
export const useRevalidateProduct = () => {
  const { mutate } = useSWRConfig();
  return (productId?: string) =>
    Promise.all([
      mutate(
        (key) =>
          Array.isArray(key) &&
          ((key[0] === 'session' && key[1] === 'gp-products') ||
            key[0] === 'products' ||
            (productId !== undefined && key[0] === 'session' && key.includes(productId))),
      ),
      // A key filter never reaches paged (useSWRInfinite) lists, which the history tab is: it is asked
      // by its own key, so the tab shows a publish, an edit or an upload as soon as it is made.
      ...(productId !== undefined ? [mutate(productAuditPagesKey(productId))] : []),
    ]);
};
