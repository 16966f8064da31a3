import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { getTenant } from './tenant.repo.js';

export const handler = httpApi(route('getFeatures'), async ({ tenantId }) =>
  ok({ features: (await getTenant(tenantId)).features }),
);
