import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { deleteFolder } from './marketing-folders.service.js';

export const handler = httpApi(PRODUCT_ROUTES.deleteMarketingFolder, async (ctx) =>
  ok(await deleteFolder(sessionActor(ctx), ctx.session.role, ctx.params.productId, ctx.params.folderId)),
);
