import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { httpApi, ok } from '#lib/http-api';
import { getTenant } from './tenant.repo.js';
import { toFeatures } from './tenant.service.js';

export const handler = httpApi(TENANT_ROUTES.getFeatures, async ({ tenantId }) =>
  ok(toFeatures(await getTenant(tenantId))),
);
