import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { listTeamMembers } from './team.service.js';

export const handler = httpApi(IDENTITY_ROUTES.listTeamMembers, async ({ tenantId, query }) =>
  ok(await listTeamMembers(tenantId, { ...query, limit: query.limit ?? 50 })),
);
