import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

type Visibility = 'SHOW' | 'HIDE';

/** The sections of a product's page; with `visibilityState`, only those in that state. */
export const portalComponentsKey = (productId: string, visibilityState?: Visibility) =>
  ['products', 'portal-components', productId, visibilityState ?? 'ALL'] as const;

export const getPortalComponents = ([, , productId, visibility]: ReturnType<typeof portalComponentsKey>) =>
  apiFetch('getProductPortalComponents', {
    params: { productId },
    ...(visibility === 'ALL' ? {} : { query: { visibilityState: visibility } }),
  });

export const useProductPortalComponents = (productId: string | undefined, visibilityState?: Visibility) =>
  useSWR(productId ? portalComponentsKey(productId, visibilityState) : null, getPortalComponents);
