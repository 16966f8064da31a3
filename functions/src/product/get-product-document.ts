import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf } from './documents.repo.js';
import { documentWithLink } from './product-documents.service.js';

export const handler = httpApi(PRODUCT_ROUTES.getProductDocument, async (ctx) =>
  ok(await documentWithLink(actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.params.documentId)),
);
