import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { currentPolicies } from './policy.service.js';

export const handler = httpApi(route('getCurrentPolicies'), async ({ tenantId, query }) =>
  ok(await currentPolicies(tenantId, query.kind)),
);
