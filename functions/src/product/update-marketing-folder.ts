import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { renameFolder } from './marketing-folders.service.js';

export const handler = httpApi(PRODUCT_ROUTES.updateMarketingFolder, async (ctx) =>
  ok(await renameFolder(sessionActor(ctx), ctx.session.role, ctx.params.productId, ctx.params.folderId, ctx.body)),
);
