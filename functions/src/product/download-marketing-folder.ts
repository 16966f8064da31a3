import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf } from './documents.repo.js';
import { folderZipLink } from './marketing-folders.service.js';

export const handler = httpApi(PRODUCT_ROUTES.downloadMarketingFolder, async (ctx) =>
  ok(await folderZipLink(actorOf(ctx), ctx.session.role, ctx.lang, ctx.params.productId, ctx.params.folderId)),
);
