import { CONSOLE_ROUTES } from '@tranche/shared/http/routes/console.routes';
import { httpApi, ok } from '#lib/http-api';
import { getGpOverview } from './overview.js';

export const handler = httpApi(CONSOLE_ROUTES.getGpOverview, async ({ tenantId }) => ok(await getGpOverview(tenantId)));
