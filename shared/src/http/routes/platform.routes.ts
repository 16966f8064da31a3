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
} as const satisfies Record<string, RouteDef>;
