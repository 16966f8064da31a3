import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { httpApi, ok } from '#lib/http-api';
import { getTenant } from './tenant.repo.js';
import { toI18nConfigs } from './tenant.service.js';

export const handler = httpApi(TENANT_ROUTES.getI18nConfigs, async ({ tenantId }) =>
  ok(toI18nConfigs(await getTenant(tenantId))),
);
