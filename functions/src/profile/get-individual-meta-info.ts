import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { httpApi, ok } from '#lib/http-api';
import { ownProfile, sectionNotForTypeOf } from './profile.service.js';

export const handler = httpApi(PROFILE_ROUTES.getIndividualMetaInfo, async ({ session, query }) => {
  const profile = sectionNotForTypeOf(await ownProfile(session, query.profileId), ['INDIVIDUAL', 'JOINT']);
  return ok({ meta: profile.individual ?? null, version: profile.version });
});
