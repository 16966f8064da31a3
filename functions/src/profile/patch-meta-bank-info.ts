import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { patchBank } from './profile-parts.js';

export const handler = httpApi(PROFILE_ROUTES.patchMetaBankInfo, async (ctx) => {
  const { version, ...change } = ctx.body;
  return ok(await patchBank(sessionActor(ctx), ctx.query.profileId, version, change));
});
