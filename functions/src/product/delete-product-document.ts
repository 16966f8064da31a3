import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf } from './documents.repo.js';
import { deleteDocument } from './product-documents.service.js';

export const handler = httpApi(route('deleteProductDocument'), async (ctx) =>
  ok(await deleteDocument(actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.params.documentId)),
);
