import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { httpApi, ok } from '#lib/http-api';
import { getRequirementLevels } from './profile-requirements.js';

export const handler = httpApi(PROFILE_ROUTES.getProfileRequirements, async ({ session }) =>
  ok(await getRequirementLevels(session.tenantId)),
);
