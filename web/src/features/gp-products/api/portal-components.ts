import type { PortalComponent, VisibilityState } from '@tranche/shared/enums';
import { apiFetch } from '@/lib/api';

export const updateProductPortalComponents = (
  productId: string,
  items: { component: PortalComponent; visibilityState: VisibilityState }[],
  version: number,
) => apiFetch('updateProductPortalComponents', { params: { productId }, body: { items, version } });
