import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { httpApi, ok } from '#lib/http-api';
import { getLpSettings } from '../tenant/tenant.repo.js';
import { queryCountries } from './countries.js';

export const handler = httpApi(TENANT_ROUTES.queryCountries, async ({ tenantId, query, lang }) => {
  const { settings } = await getLpSettings(tenantId);
  return ok({ items: queryCountries(query, settings.openCountries ?? [], lang) });
});
