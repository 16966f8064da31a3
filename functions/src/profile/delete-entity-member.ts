import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { deleteMember } from './profile-members.js';

export const handler = httpApi(PROFILE_ROUTES.deleteEntityMember, async (ctx) =>
  ok(await deleteMember(sessionActor(ctx), ctx.query.profileId, ctx.body.version, ctx.body.memberId)),
);
