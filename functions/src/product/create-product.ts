import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { idempotency } from '#lib/idempotency';
import { createProduct } from './product.service.js';

export const handler = httpApi(
  PRODUCT_ROUTES.createProduct,
  async (ctx) => created(await createProduct(ctx.tenantId, sessionActor(ctx), ctx.body)),
  { idempotency },
);
