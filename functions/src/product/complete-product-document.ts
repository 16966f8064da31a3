import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf } from './documents.repo.js';
import { completeDocument } from './product-documents.service.js';

export const handler = httpApi(PRODUCT_ROUTES.completeProductDocument, async (ctx) =>
  ok(await completeDocument(actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.params.documentId)),
);
