import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { putEmailPreferences } from './user.service.js';

export const handler = httpApi(route('updateEmailPreferences'), async ({ session, body }) =>
  ok(await putEmailPreferences(session.tenantId, session.userId, body)),
);
