import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { getInvestAccountEmailPreferences } from './user.service.js';

export const handler = httpApi(route('getInvestAccountEmailPreferences'), async ({ session }) =>
  ok(await getInvestAccountEmailPreferences(session.tenantId, session.userId)),
);
