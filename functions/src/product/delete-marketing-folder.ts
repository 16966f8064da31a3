import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { httpApi, ok } from '#lib/http-api';
import { actorOf } from './documents.repo.js';
import { deleteFolder } from './marketing-folders.service.js';

export const handler = httpApi(PRODUCT_ROUTES.deleteMarketingFolder, async (ctx) =>
  ok(await deleteFolder(actorOf(ctx), ctx.session.role, ctx.params.productId, ctx.params.folderId)),
);
