import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { updateI18n } from './tenant.service.js';

export const handler = httpApi(TENANT_ROUTES.updateI18nConfigs, async (ctx) =>
  ok(await updateI18n(sessionActor(ctx), ctx.body)),
);
