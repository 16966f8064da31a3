import { useSWRConfig } from 'swr';

/**
 * After a change to a product: every console view of products (lists, the product, its audit trail,
 * contract) and the investor catalogue's views of it are asked again, keeping what they show meanwhile
 * (passing `undefined` as data would blank every screen into its loading state).
 */
export const useRevalidateProduct = () => {
  const { mutate } = useSWRConfig();
  return (productId?: string) =>
    mutate(
      (key) =>
        Array.isArray(key) &&
        ((key[0] === 'session' && key[1] === 'gp-products') ||
          key[0] === 'products' ||
          (productId !== undefined && key[0] === 'session' && key.includes(productId))),
    );
};
