import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { listTeamMembers } from './team.service.js';

export const handler = httpApi(route('listTeamMembers'), async ({ tenantId, query }) =>
  ok(await listTeamMembers(tenantId, { ...query, limit: query.limit ?? 50 })),
);
