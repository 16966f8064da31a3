import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf } from './documents.repo.js';
import { renameFolder } from './marketing-folders.service.js';

export const handler = httpApi(route('updateMarketingFolder'), async (ctx) =>
  ok(await renameFolder(actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.params.folderId, ctx.body)),
);
