import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { putLpSettings } from './tenant.repo.js';

export const handler = httpApi(TENANT_ROUTES.updateLpSettings, async (ctx) =>
  ok(await putLpSettings(ctx.tenantId, ctx.body, sessionActor(ctx))),
);
