import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { putInvestAccountEmailPreferences } from './user.service.js';

export const handler = httpApi(route('updateInvestAccountEmailPreferences'), async ({ session, body }) =>
  ok(await putInvestAccountEmailPreferences(session.tenantId, session.userId, body)),
);
