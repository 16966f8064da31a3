import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { folderZipLink } from './marketing-folders.service.js';

export const handler = httpApi(PRODUCT_ROUTES.downloadMarketingFolder, async (ctx) =>
  ok(await folderZipLink(sessionActor(ctx), ctx.session.role, ctx.lang, ctx.params.productId, ctx.params.folderId)),
);
