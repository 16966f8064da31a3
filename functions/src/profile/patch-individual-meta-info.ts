import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { patchIndividualMeta } from './profile-parts.js';

export const handler = httpApi(PROFILE_ROUTES.patchIndividualMetaInfo, async (ctx) =>
  ok(await patchIndividualMeta(sessionActor(ctx), ctx.query.profileId, ctx.body.version, ctx.body.meta)),
);
