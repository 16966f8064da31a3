import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { getTenant } from './tenant.repo.js';
import { toCurrencyPolicy } from './tenant.service.js';

export const handler = httpApi(route('getCurrencyPolicy'), async ({ tenantId }) =>
  ok(toCurrencyPolicy(await getTenant(tenantId))),
);
