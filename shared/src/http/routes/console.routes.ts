import { PERMISSIONS } from '../../auth/permissions.js';
import { GpOverviewSchema, InvestorListSchema, ListInvestorsQuerySchema } from '../../console/console.schema.js';
import type { RouteDef } from '../route-def.js';

/**
 * The GP console's tenant-wide views (issue 9): the overview's figures and the investors list. Both
 * read indexes other domains write (products, team, investors); neither changes anything.
 */
export const CONSOLE_ROUTES = {
  getGpOverview: {
    operationId: 'getGpOverview',
    method: 'GET',
    path: '/gp/overview',
    handler: 'console/get-gp-overview',
    summary: 'The console overview: funds by lifecycle state, investors by status and new in 30 days, team',
    tags: ['console'],
    auth: 'session',
    roles: PERMISSIONS.readOverview,
    response: GpOverviewSchema,
  },
  listInvestors: {
    operationId: 'listInvestors',
    method: 'GET',
    path: '/gp/investors',
    handler: 'console/list-investors',
    summary: "The tenant's investors by registration date, searchable by name or email; paginated",
    tags: ['console'],
    auth: 'session',
    roles: PERMISSIONS.readInvestors,
    query: ListInvestorsQuerySchema,
    response: InvestorListSchema,
  },
} as const satisfies Record<string, RouteDef>;
