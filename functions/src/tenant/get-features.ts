import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { getTenant } from './tenant.repo.js';
import { toFeatures } from './tenant.service.js';

export const handler = httpApi(route('getFeatures'), async ({ tenantId }) => ok(toFeatures(await getTenant(tenantId))));
