import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { httpApi, ok } from '#lib/http-api';
import { gpActor } from './actor.js';
import { updateFeatures } from './tenant.service.js';

export const handler = httpApi(TENANT_ROUTES.updateFeatures, async (ctx) =>
  ok(await updateFeatures(gpActor(ctx), ctx.body)),
);
