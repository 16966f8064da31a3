import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

export const gpSectionSettingsKey = (productId: string) =>
  ['session', 'gp-products', 'portal-components', productId] as const;

const getSectionSettings = ([, , , productId]: ReturnType<typeof gpSectionSettingsKey>) =>
  apiFetch('getGpProductPortalComponents', { params: { productId } });

/** The sections of a product's page in any state (drafts too): the product's own choice, else the tenant default. */
export const useSectionSettings = (productId: string) => useSWR(gpSectionSettingsKey(productId), getSectionSettings);
