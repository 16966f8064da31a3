import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { getEmailPreferences } from './user.repo.js';

export const handler = httpApi(IDENTITY_ROUTES.getEmailPreferences, async ({ session }) =>
  ok(await getEmailPreferences(session.tenantId, session.userId)),
);
