import { BackfillParamsSchema, BackfillQuerySchema, BackfillStepSchema } from '../../money/backfill.schema.js';
import {
  CreatedTenantSchema,
  CreateTenantSchema,
  ListTenantsQuerySchema,
  PlatformTenantListSchema,
} from '../../platform/platform.schema.js';
import type { RouteDef } from '../route-def.js';

/**
 * The platform operator's routes (spec §7 `/tenants`): no tenant session of any role reaches them,
 * only the operator key (`auth: 'operator'`, docs/decisions.md "Platform operator").
 */
export const PLATFORM_ROUTES = {
  createTenant: {
    operationId: 'createTenant',
    method: 'POST',
    path: '/tenants',
    handler: 'platform/create-tenant',
    summary: 'Creates a tenant (configuration, prefix) and invites its first GP owner by email',
    tags: ['platform'],
    auth: 'operator',
    roles: [],
    // Inviting the first owner: Cognito's user and password (the invitations consumer emails the
    // activation link); the answer carries the new portal's address.
    needs: { userPool: ['AdminCreateUser', 'AdminSetUserPassword'], portalLinks: true },
    body: CreateTenantSchema,
    response: CreatedTenantSchema,
    successStatus: 201,
    errors: ['prefixTaken', 'Failed'],
  },
  listTenants: {
    operationId: 'listTenants',
    method: 'GET',
    path: '/tenants',
    handler: 'platform/list-tenants',
    summary: 'Every tenant of this deployment, oldest first',
    tags: ['platform'],
    auth: 'operator',
    roles: [],
    query: ListTenantsQuerySchema,
    response: PlatformTenantListSchema,
  },
  /**
   * One bounded step of a one-off backfill in one tenant (docs/money.md "Backfills"), which
   * `npm run backfill` repeats with each answer's cursor. POST: it writes (summaries, render events).
   */
  runBackfill: {
    operationId: 'runBackfill',
    method: 'POST',
    path: '/backfills/{backfill}',
    handler: 'platform/run-backfill',
    summary: "One step of an operator's backfill in one tenant (money summaries, call notice PDFs)",
    tags: ['platform'],
    auth: 'operator',
    roles: [],
    params: BackfillParamsSchema,
    query: BackfillQuerySchema,
    response: BackfillStepSchema,
    errors: ['TenantNotExist'],
  },
} as const satisfies Record<string, RouteDef>;
