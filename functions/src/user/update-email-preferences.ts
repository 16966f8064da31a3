import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { putEmailPreferences } from './user.repo.js';

export const handler = httpApi(IDENTITY_ROUTES.updateEmailPreferences, async ({ session, body }) =>
  ok(await putEmailPreferences(session.tenantId, session.userId, body)),
);
