import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf } from './documents.repo.js';
import { updateDocument } from './product-documents.service.js';

export const handler = httpApi(PRODUCT_ROUTES.updateProductDocument, async (ctx) =>
  ok(await updateDocument(actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.params.documentId, ctx.body)),
);
