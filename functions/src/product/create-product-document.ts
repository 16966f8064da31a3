import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { created, httpApi } from '#lib/http-api';
import { actorOf } from './documents.repo.js';
import { createDocument } from './product-documents.service.js';

export const handler = httpApi(PRODUCT_ROUTES.createProductDocument, async (ctx) =>
  created(await createDocument(actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.body)),
);
