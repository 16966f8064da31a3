import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { updateRequirementLevels } from './profile-requirements.js';

export const handler = httpApi(PROFILE_ROUTES.updateProfileRequirements, async (ctx) =>
  ok(await updateRequirementLevels(sessionActor(ctx), ctx.body)),
);
