import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { httpApi, ok } from '#lib/http-api';
import { memberViews, ownProfile } from './profile.service.js';

export const handler = httpApi(PROFILE_ROUTES.listMetaMembersInfo, async ({ session, query }) =>
  ok({ items: memberViews(await ownProfile(session, query.profileId)) }),
);
