import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { deleteProfile } from './profile-review.js';

export const handler = httpApi(PROFILE_ROUTES.deleteProfile, async (ctx) =>
  ok(await deleteProfile(sessionActor(ctx), ctx.query.profileId, ctx.query.version)),
);
