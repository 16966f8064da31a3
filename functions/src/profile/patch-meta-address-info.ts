import { PROFILE_ROUTES } from '@tranche/shared/http/routes/profile.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { patchAddress } from './profile-parts.js';

export const handler = httpApi(PROFILE_ROUTES.patchMetaAddressInfo, async (ctx) =>
  ok(await patchAddress(sessionActor(ctx), ctx.query.profileId, ctx.body.version, ctx.body.type, ctx.body.address)),
);
