import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

// Under 'session': what the list holds depends on who is signed in (investors see ready documents only).
export const productDocumentsKey = (productId: string) => ['session', 'product-documents', productId] as const;

export const listProductDocuments = ([, , productId]: ReturnType<typeof productDocumentsKey>) =>
  apiFetch('listProductDocuments', { params: { productId } });

/** A product's documents; answers 401 to a visitor who is not signed in. */
export const useProductDocuments = (productId: string | undefined) =>
  useSWR(productId ? productDocumentsKey(productId) : null, listProductDocuments);
