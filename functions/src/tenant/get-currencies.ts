import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { getTenant } from './tenant.repo.js';
import { toCurrencies } from './tenant.service.js';

export const handler = httpApi(route('getCurrencies'), async ({ tenantId }) =>
  ok(toCurrencies(await getTenant(tenantId))),
);
