import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { httpApi, ok } from '#lib/http-api';
import { ownProfile, profileView } from './profile.service.js';

export const handler = httpApi(PROFILE_ROUTES.getMetaCertificateInfoByType, async ({ session, query }) => {
  const { certificates } = profileView(await ownProfile(session, query.profileId));
  return ok({ certificate: certificates.find((c) => c.classification === query.type) ?? null });
});
