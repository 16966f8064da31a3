import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { patchMember } from './profile-members.js';

export const handler = httpApi(PROFILE_ROUTES.patchMetaMembersInfo, async (ctx) =>
  ok(await patchMember(sessionActor(ctx), ctx.query.profileId, ctx.body)),
);
