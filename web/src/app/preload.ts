import { matchPath } from 'react-router';
import { mutate, preload } from 'swr';
import { unstable_serialize as infiniteKeyOf } from 'swr/infinite';
import { currencyPolicyKey, getCurrencyPolicy } from '@/features/currency/api/get-currency-policy';
import { displayCurrencyOf } from '@/features/currency/use-display-currency';
import { currentPoliciesKey, getCurrentPolicies } from '@/features/policies/api/get-policies';
import { getPortalComponents, portalComponentsKey } from '@/features/products/api/get-portal-components';
import { getProduct, productKey } from '@/features/products/api/get-product';
import { conditionsToQuery, listProducts, productListKey } from '@/features/products/api/list-products';
import { currentUserKey, getCurrentUser } from '@/features/session/api/get-current-user';
import { getLpSettings, lpSettingsKey } from '@/features/tenant/api/get-lp-settings';
import { getTenantInfo, tenantInfoKey } from '@/features/tenant/api/get-tenant-info';
import type { ClientStorage } from '@/lib/storage';

/** Started now; a failure surfaces where the page reads the same key, not here. */
const start = (request: Promise<unknown>) => void request.catch(() => undefined);

/**
 * Started now, and its answer put in swr's cache as soon as it arrives, so the page renders it in the
 * same sliced render as the rest of the app (TenantBoundary). Otherwise the page mounts its skeleton
 * first and renders the answer in swr's synchronous update: one long task of the whole fund page.
 * Mounting with cached data, the hook still takes the preloaded request over (no second request).
 * The promise is the answer once it is in the cache.
 */
const warm = <Key extends readonly unknown[], Data>(key: Key, fetcher: (key: Key) => Promise<Data>) => {
  const cached = preload(key, fetcher).then(async (data) => {
    await mutate(key, data, { revalidate: false });
    return data;
  });
  start(cached);
  return cached;
};

/**
 * `warm` for the first page of a cursor-paged list (useCursorPages, swr/infinite): the page goes in
 * the cache under its own key and, as the list's only page, under the list's key, so the landing page
 * mounts with its funds and renders them in the sliced first render, not in a synchronous update.
 */
const warmFirstPage = <Key extends readonly unknown[], Data>(key: Key, fetcher: (key: Key) => Promise<Data>) => {
  const cached = preload(key, fetcher).then(async (page) => {
    await Promise.all([
      mutate(key, page, { revalidate: false }),
      mutate(
        infiniteKeyOf(() => key),
        [page],
        { revalidate: false },
      ),
    ]);
    return page;
  });
  start(cached);
  return cached;
};

/**
 * The longest the app waits for the first screen's data before it renders without it (as it did
 * before: the page's skeleton, then the data in its own update), so a hung request never holds the
 * header and the navigation back.
 */
const FIRST_SCREEN_WAIT_MS = 3000;

/** Settles when every one of `requests` has, whatever their outcome (a failure is the page's to show). */
const settled = (...requests: Promise<unknown>[]) =>
  Promise.race([
    Promise.allSettled(requests),
    new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
  ]).then(() => undefined);

type TenantInfo = Awaited<ReturnType<typeof getTenantInfo>>;

/**
 * What the first screen asks for once it is on screen, started when the tenant arrives (after the
 * page's own data and code, which the first paint waits for): the signed-in user (header, the
 * watchlist toggles, a fund's actions), the footer's policies, and the display rates when one of the
 * page's `currencies` differs from the display currency (useDisplayConversion's rule: only then are
 * they asked for). Asked by their hooks only once the page had rendered, each answer came as one more
 * synchronous render of the page or its sections (a long task).
 */
const warmAfterTenant = (tenant: Promise<TenantInfo>, storage: ClientStorage, currencies: Promise<string[]>) =>
  start(
    tenant.then(async (info) => {
      warm(currentUserKey(), getCurrentUser);
      warm(currentPoliciesKey(), getCurrentPolicies);
      const shown = await currencies;
      const target = displayCurrencyOf(info, storage.get('currency'));
      if (shown.some((currency) => currency !== target)) warm(currencyPolicyKey(), getCurrencyPolicy);
    }),
  );

/**
 * Starts, before the first render, what the first screen will ask for: the tenant, and for the
 * landing page and a fund page their data and code. Rendering would ask only one after the other
 * (the tenant, then the page's code, then its data): on a phone network each of those is a round
 * trip of most of a second (issue 9). The keys and fetchers are the pages' own, so their hooks
 * take these requests over instead of sending their own.
 *
 * Returns when the page's own data (and code) have arrived or failed: TenantBoundary renders the app
 * only then, so the page renders with its data in that one sliced render. Rendered before, the page
 * showed its skeleton and then rendered the data in swr's synchronous update, one long task of the
 * whole page, whenever the API answered after the tenant (issue 9's blocking time).
 */
export const preloadFirstScreen = (pathname: string, storage: ClientStorage): Promise<void> => {
  const tenant = preload(tenantInfoKey(), getTenantInfo);
  start(tenant);
  if (pathname === '/' || pathname === '') {
    // The portal's settings: the header's sign-up link and the page's card or table view follow them.
    const lpSettings = warm(lpSettingsKey(), getLpSettings);
    // The landing page's first page of funds, with the search the visitor left there last time.
    const conditions = storage.get('productListSearchConditions') ?? { text: '', openness: 'ALL' };
    const page = warmFirstPage(productListKey(conditionsToQuery(conditions), null), listProducts);
    warmAfterTenant(
      tenant,
      storage,
      page.then((p) => p.items.map((item) => item.currency)),
    );
    return settled(page, lpSettings);
  }
  const productId = matchPath('/products/:productId', pathname)?.params.productId;
  if (productId) {
    const lpSettings = warm(lpSettingsKey(), getLpSettings);
    // The same module app-routes.tsx loads lazily: one chunk, fetched once.
    const code = import('@/features/products/routes/product-detail-page');
    start(code);
    const product = warm(productKey(productId), getProduct);
    const sections = warm(portalComponentsKey(productId, 'SHOW'), getPortalComponents);
    // The key terms and share classes convert their amounts.
    warmAfterTenant(
      tenant,
      storage,
      product.then((p) => [p.currency, ...p.shareClasses.map((sc) => sc.currency)]),
    );
    return settled(code, product, sections, lpSettings);
  }
  return Promise.resolve();
};
