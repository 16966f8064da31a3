import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { httpApi, ok } from '#lib/http-api';
import { ownProfile } from './profile.service.js';

export const handler = httpApi(PROFILE_ROUTES.getMetaAddressInfoByType, async ({ session, query }) => {
  const profile = await ownProfile(session, query.profileId);
  return ok({ address: profile.addresses.find((a) => a.type === query.type) ?? null, version: profile.version });
});
