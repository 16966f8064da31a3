import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf } from './documents.repo.js';
import { putContract } from './product-contract.service.js';

export const handler = httpApi(route('updateProductContract'), async (ctx) =>
  ok(await putContract(actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.body)),
);
