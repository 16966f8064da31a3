import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { getLpSettings } from './tenant.repo.js';

export const handler = httpApi(route('getLpSettings'), async ({ tenantId }) => ok(await getLpSettings(tenantId)));
