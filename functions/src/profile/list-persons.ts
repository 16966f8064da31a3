import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { httpApi, ok } from '#lib/http-api';
import { listPersons } from './profile-members.js';

export const handler = httpApi(PROFILE_ROUTES.listPersons, async ({ session }) =>
  ok({ items: await listPersons(session) }),
);
