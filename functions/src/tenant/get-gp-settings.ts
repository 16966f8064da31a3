import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { getGpSettings } from './tenant.repo.js';

export const handler = httpApi(route('getGpSettings'), async ({ tenantId }) => ok(await getGpSettings(tenantId)));
