import { CONSOLE_ROUTES } from '@tranche/shared/http/routes/console.routes';
import { httpApi, ok } from '#lib/http-api';
import { listInvestors } from './investors.js';

export const handler = httpApi(CONSOLE_ROUTES.listInvestors, async ({ tenantId, query }) =>
  ok(await listInvestors(tenantId, { ...query, limit: query.limit ?? 50 })),
);
