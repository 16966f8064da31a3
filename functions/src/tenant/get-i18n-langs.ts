import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { httpApi, ok } from '#lib/http-api';
import { getTenant } from './tenant.repo.js';

export const handler = httpApi(TENANT_ROUTES.getI18nLangs, async ({ tenantId }) => {
  const tenant = await getTenant(tenantId);
  return ok({ langs: tenant.languages, defaultLanguage: tenant.defaultLanguage });
});
