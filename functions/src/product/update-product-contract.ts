import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { putContract } from './product-contract.service.js';

export const handler = httpApi(PRODUCT_ROUTES.updateProductContract, async (ctx) =>
  ok(await putContract(sessionActor(ctx), ctx.session.role, ctx.params.productId, ctx.body)),
);
