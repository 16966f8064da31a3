import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf } from './documents.repo.js';
import { updateDocument } from './product-documents.service.js';

export const handler = httpApi(route('updateProductDocument'), async (ctx) =>
  ok(await updateDocument(actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.params.documentId, ctx.body)),
);
