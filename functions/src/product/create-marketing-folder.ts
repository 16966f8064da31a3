import { PRODUCT_ROUTES } from '@tranche/shared/http/routes/product.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { createFolder } from './marketing-folders.service.js';

export const handler = httpApi(PRODUCT_ROUTES.createMarketingFolder, async (ctx) =>
  created(await createFolder(sessionActor(ctx), ctx.session.role, ctx.params.productId, ctx.body.name)),
);
