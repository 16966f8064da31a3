import type { ProductState } from '@tranche/shared/enums';
import useSWR from 'swr';
import { apiFetch } from '../../../lib/api';
import { useProductPortalComponents } from '../../products/api/get-portal-components';

export const tenantPortalComponentsKey = () => ['products', 'tenant-portal-components'] as const;

const getTenantPortalComponents = () => apiFetch('getTenantPortalComponents');

/**
 * The sections of a product's page as the console can read them. The API answers a product's own
 * settings only once it is in the catalogue (getProductPortalComponents is a public route, and
 * refuses drafts); for a draft the tenant's defaults are what its page would show.
 */
export const useSectionSettings = (productId: string, state: ProductState) => {
  const own = useProductPortalComponents(state === 'DRAFT' ? undefined : productId);
  const defaults = useSWR(state === 'DRAFT' ? tenantPortalComponentsKey() : null, getTenantPortalComponents);
  return {
    ...(state === 'DRAFT' ? defaults : own),
    /** Whether these are the product's own settings (editable) or the tenant's defaults. */
    isProductOwn: state !== 'DRAFT',
  };
};
