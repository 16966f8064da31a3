import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf } from './documents.repo.js';
import { putContract } from './product-contract.service.js';

export const handler = httpApi(PRODUCT_ROUTES.updateProductContract, async (ctx) =>
  ok(await putContract(actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.body)),
);
