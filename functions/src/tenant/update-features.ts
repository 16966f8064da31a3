import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { updateFeatures } from './tenant.service.js';

export const handler = httpApi(TENANT_ROUTES.updateFeatures, async (ctx) =>
  ok(await updateFeatures(sessionActor(ctx), ctx.body)),
);
