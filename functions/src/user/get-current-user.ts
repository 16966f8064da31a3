import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { getUser } from './user.repo.js';

export const handler = httpApi(IDENTITY_ROUTES.getCurrentUser, async ({ session }) =>
  ok(await getUser(session.tenantId, session.userId)),
);
