import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { getInvestAccountEmailPreferences } from './user.repo.js';

export const handler = httpApi(IDENTITY_ROUTES.getInvestAccountEmailPreferences, async ({ session }) =>
  ok(await getInvestAccountEmailPreferences(session.tenantId, session.userId)),
);
