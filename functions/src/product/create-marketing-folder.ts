import { route } from '@tranche/shared/http/routes';
import { created, httpApi } from '#lib/http-api';
import { actorOf } from './documents.repo.js';
import { createFolder } from './marketing-folders.service.js';

export const handler = httpApi(route('createMarketingFolder'), async (ctx) =>
  created(await createFolder(actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.body.name)),
);
