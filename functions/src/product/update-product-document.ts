import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { updateDocument } from './product-documents.service.js';

export const handler = httpApi(PRODUCT_ROUTES.updateProductDocument, async (ctx) =>
  ok(await updateDocument(sessionActor(ctx), ctx.session.role, ctx.params.productId, ctx.params.documentId, ctx.body)),
);
