import { IDEMPOTENCY_KEY_HEADER } from '@tranche/shared/http/idempotency';
import type { ProductEvent, ProductInput } from '@tranche/shared/product/product.schema';
import type { PublishCheckId } from '@tranche/shared/product/publish-checklist';
import { apiFetch } from '@/lib/api';

/**
 * Creates a draft. `idempotencyKey` names the intended creation: the same key for a Save repeated
 * after a lost answer, so the API returns the draft it made instead of a second one.
 */
export const createProduct = (body: ProductInput, idempotencyKey: string) =>
  apiFetch('createProduct', { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });

export const updateProduct = (productId: string, body: ProductInput, version: number) =>
  apiFetch('updateProduct', { params: { productId }, body: { ...body, version } });

/** `acknowledgedWarnings`: the open recommended checks the GP confirmed going live without (PUBLISH, REOPEN). */
export const transitionProduct = (
  productId: string,
  event: ProductEvent,
  version: number,
  acknowledgedWarnings: readonly PublishCheckId[] = [],
) =>
  apiFetch('transitionProduct', {
    params: { productId },
    body: {
      event,
      version,
      ...(acknowledgedWarnings.length > 0 ? { acknowledgedWarnings: [...acknowledgedWarnings] } : {}),
    },
  });
