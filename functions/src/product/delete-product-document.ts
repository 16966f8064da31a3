import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf } from './documents.repo.js';
import { deleteDocument } from './product-documents.service.js';

export const handler = httpApi(PRODUCT_ROUTES.deleteProductDocument, async (ctx) =>
  ok(await deleteDocument(actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.params.documentId)),
);
