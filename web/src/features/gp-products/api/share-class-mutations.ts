import type { ShareClassInput } from '@tranche/shared/product/product.schema';
import { apiFetch } from '@/lib/api';

export const createShareClass = (productId: string, body: ShareClassInput) =>
  apiFetch('createShareClass', { params: { productId }, body });

export const updateShareClass = (productId: string, shareClassId: string, body: ShareClassInput, version: number) =>
  apiFetch('updateShareClass', { params: { productId, shareClassId }, body: { ...body, version } });

export const deleteShareClass = (productId: string, shareClassId: string) =>
  apiFetch('deleteShareClass', { params: { productId, shareClassId } });
