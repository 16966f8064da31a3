import type { LocalizedText } from '@tranche/shared/common.schema';
import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

export const productContractKey = (productId: string) => ['session', 'gp-products', 'contract', productId] as const;

export const getProductContract = ([, , , productId]: ReturnType<typeof productContractKey>) =>
  apiFetch('getProductContract', { params: { productId } });

/** The subscription terms of a product; 404 while none have been written. */
export const useProductContract = (productId: string) => useSWR(productContractKey(productId), getProductContract);

export const updateProductContract = (
  productId: string,
  body: { terms: LocalizedText; agreementDocumentId?: string | undefined; requiresSignature: boolean; version: number },
) =>
  apiFetch('updateProductContract', {
    params: { productId },
    body: {
      terms: body.terms,
      requiresSignature: body.requiresSignature,
      version: body.version,
      ...(body.agreementDocumentId ? { agreementDocumentId: body.agreementDocumentId } : {}),
    },
  });
