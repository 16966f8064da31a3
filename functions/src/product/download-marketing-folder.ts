import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf } from './documents.repo.js';
import { folderZipLink } from './marketing-folders.service.js';

export const handler = httpApi(route('downloadMarketingFolder'), async (ctx) =>
  ok(await folderZipLink(actorOf(ctx), ctx.session.role, ctx.lang, ctx.params.productId, ctx.params.folderId)),
);
