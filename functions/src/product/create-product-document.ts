import { route } from '@tranche/shared/http/routes';
import { created, httpApi } from '#lib/http-api';
import { actorOf } from './documents.repo.js';
import { createDocument } from './product-documents.service.js';

export const handler = httpApi(route('createProductDocument'), async (ctx) =>
  created(await createDocument(actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.body)),
);
