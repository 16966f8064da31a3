import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { documentWithLink } from './product-documents.service.js';

export const handler = httpApi(PRODUCT_ROUTES.getProductDocument, async (ctx) =>
  ok(await documentWithLink(sessionActor(ctx), ctx.session.role, ctx.params.productId, ctx.params.documentId)),
);
