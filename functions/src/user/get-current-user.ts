import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { getUser } from './user.repo.js';

export const handler = httpApi(route('getCurrentUser'), async ({ session }) =>
  ok(await getUser(session.tenantId, session.userId)),
);
