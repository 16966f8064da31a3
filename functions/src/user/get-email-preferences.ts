import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { getEmailPreferences } from './user.service.js';

export const handler = httpApi(route('getEmailPreferences'), async ({ session }) =>
  ok(await getEmailPreferences(session.tenantId, session.userId)),
);
