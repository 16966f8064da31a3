import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { httpApi, ok } from '#lib/http-api';
import { ownProfile, profileView } from './profile.service.js';

export const handler = httpApi(PROFILE_ROUTES.getProfileInfo, async ({ session, query }) =>
  ok(profileView(await ownProfile(session, query.profileId))),
);
