import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { putGpSettings } from './tenant.repo.js';

export const handler = httpApi(TENANT_ROUTES.updateGpSettings, async (ctx) =>
  ok(await putGpSettings(ctx.tenantId, ctx.body, sessionActor(ctx))),
);
