import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { patchProfile } from './profile-header.js';

export const handler = httpApi(PROFILE_ROUTES.patchProfile, async (ctx) =>
  ok(await patchProfile(sessionActor(ctx), ctx.query.profileId, ctx.body)),
);
