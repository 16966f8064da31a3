import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { httpApi, ok } from '#lib/http-api';
import { gpActor } from './actor.js';
import { updateI18n } from './tenant.service.js';

export const handler = httpApi(TENANT_ROUTES.updateI18nConfigs, async (ctx) =>
  ok(await updateI18n(gpActor(ctx), ctx.body)),
);
