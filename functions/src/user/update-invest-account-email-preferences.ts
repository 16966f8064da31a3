import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { putInvestAccountEmailPreferences } from './user.repo.js';

export const handler = httpApi(IDENTITY_ROUTES.updateInvestAccountEmailPreferences, async ({ session, body }) =>
  ok(await putInvestAccountEmailPreferences(session.tenantId, session.userId, body)),
);
