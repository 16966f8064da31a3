import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf } from './documents.repo.js';
import { documentWithLink } from './product-documents.service.js';

export const handler = httpApi(route('getProductDocument'), async (ctx) =>
  ok(await documentWithLink(actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.params.documentId)),
);
