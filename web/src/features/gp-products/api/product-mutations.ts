import type { ProductEvent, ProductInput } from '@tranche/shared/product/product.schema';
import { apiFetch } from '@/lib/api';

export const createProduct = (body: ProductInput) => apiFetch('createProduct', { body });

export const updateProduct = (productId: string, body: ProductInput, version: number) =>
  apiFetch('updateProduct', { params: { productId }, body: { ...body, version } });

export const transitionProduct = (productId: string, event: ProductEvent, version: number) =>
  apiFetch('transitionProduct', { params: { productId }, body: { event, version } });
