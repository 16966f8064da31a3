import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { getGpPolicy } from './policy.service.js';

export const handler = httpApi(route('getPolicy'), async ({ tenantId, params }) =>
  ok(await getGpPolicy(tenantId, params.policyId)),
);
