import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { createDocument } from './product-documents.service.js';

export const handler = httpApi(PRODUCT_ROUTES.createProductDocument, async (ctx) =>
  created(await createDocument(sessionActor(ctx), ctx.session.role, ctx.params.productId, ctx.body)),
);
