import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { submitProfile } from './profile-review.js';

export const handler = httpApi(PROFILE_ROUTES.submitProfile, async (ctx) =>
  ok(await submitProfile(sessionActor(ctx), ctx.query.profileId, ctx.body.version)),
);
