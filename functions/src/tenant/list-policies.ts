import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { listGpPolicies } from './policy.service.js';

export const handler = httpApi(route('listPolicies'), async ({ tenantId }) => ok(await listGpPolicies(tenantId)));
