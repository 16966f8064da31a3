import useSWR from 'swr';
import { type ApiResponse, apiFetch } from '@/lib/api';

export type MarketingFolder = ApiResponse<'listMarketingFolders'>['items'][number];

export const marketingFoldersKey = (productId: string) => ['session', 'marketing-folders', productId] as const;

export const listMarketingFolders = ([, , productId]: ReturnType<typeof marketingFoldersKey>) =>
  apiFetch('listMarketingFolders', { params: { productId } });

/** A product's marketing-document folders; answers 401 to a visitor who is not signed in. */
export const useMarketingFolders = (productId: string | undefined) =>
  useSWR(productId ? marketingFoldersKey(productId) : null, listMarketingFolders);
