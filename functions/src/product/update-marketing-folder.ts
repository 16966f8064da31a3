import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf } from './documents.repo.js';
import { renameFolder } from './marketing-folders.service.js';

export const handler = httpApi(PRODUCT_ROUTES.updateMarketingFolder, async (ctx) =>
  ok(await renameFolder(actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.params.folderId, ctx.body)),
);
