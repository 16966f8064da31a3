import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { httpApi, ok } from '#lib/http-api';
import { getLpSettings } from './tenant.repo.js';

export const handler = httpApi(TENANT_ROUTES.getLpSettings, async ({ tenantId }) => ok(await getLpSettings(tenantId)));
