import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { httpApi, ok } from '#lib/http-api';
import { bankViews, ownProfile } from './profile.service.js';

export const handler = httpApi(PROFILE_ROUTES.getMetaBankInfoByType, async ({ session, query }) =>
  ok({ items: bankViews(await ownProfile(session, query.profileId)).filter((b) => b.kind === query.type) }),
);
