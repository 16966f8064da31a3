import { matchPath } from 'react-router';
import { mutate, preload } from 'swr';
import { unstable_serialize as infiniteKeyOf } from 'swr/infinite';
import { getPortalComponents, portalComponentsKey } from '@/features/products/api/get-portal-components';
import { getProduct, productKey } from '@/features/products/api/get-product';
import { conditionsToQuery, listProducts, productListKey } from '@/features/products/api/list-products';
import { getTenantInfo, tenantInfoKey } from '@/features/tenant/api/get-tenant-info';
import type { ClientStorage } from '@/lib/storage';

/** Started now; a failure surfaces where the page reads the same key, not here. */
const start = (request: Promise<unknown>) => void request.catch(() => undefined);

/**
 * Started now, and its answer put in swr's cache as soon as it arrives, so the page renders it in the
 * same sliced render as the rest of the app (TenantBoundary). Otherwise the page mounts its skeleton
 * first and renders the answer in swr's synchronous update: one long task of the whole fund page.
 * Mounting with cached data, the hook still takes the preloaded request over (no second request).
 */
const warm = <Key extends readonly unknown[], Data>(key: Key, fetcher: (key: Key) => Promise<Data>) =>
  start(preload(key, fetcher).then((data) => mutate(key, data, { revalidate: false })));

/**
 * `warm` for the first page of a cursor-paged list (useCursorPages, swr/infinite): the page goes in
 * the cache under its own key and, as the list's only page, under the list's key, so the landing page
 * mounts with its funds and renders them in the sliced first render, not in a synchronous update.
 */
const warmFirstPage = <Key extends readonly unknown[], Data>(key: Key, fetcher: (key: Key) => Promise<Data>) =>
  start(
    preload(key, fetcher).then((page) =>
      Promise.all([
        mutate(key, page, { revalidate: false }),
        mutate(
          infiniteKeyOf(() => key),
          [page],
          { revalidate: false },
        ),
      ]),
    ),
  );

/**
 * Starts, before the first render, what the first screen will ask for: the tenant, and for the
 * landing page and a fund page their data and code. Rendering would ask only one after the other
 * (the tenant, then the page's code, then its data): on a phone network each of those is a round
 * trip of most of a second (issue 9). The keys and fetchers are the pages' own, so their hooks
 * take these requests over instead of sending their own.
 */
export const preloadFirstScreen = (pathname: string, storage: ClientStorage) => {
  start(preload(tenantInfoKey(), getTenantInfo));
  if (pathname === '/' || pathname === '') {
    // The landing page's first page of funds, with the search the visitor left there last time.
    const conditions = storage.get('productListSearchConditions') ?? { text: '', openness: 'ALL' };
    warmFirstPage(productListKey(conditionsToQuery(conditions), null), listProducts);
    return;
  }
  const productId = matchPath('/products/:productId', pathname)?.params.productId;
  if (productId) {
    // The same module app-routes.tsx loads lazily: one chunk, fetched once.
    start(import('@/features/products/routes/product-detail-page'));
    warm(productKey(productId), getProduct);
    warm(portalComponentsKey(productId, 'SHOW'), getPortalComponents);
  }
};
