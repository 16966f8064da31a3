import { IDENTITY_ROUTES } from '@tranche/shared/http/routes/identity.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from '../auth/context.js';
import { changeUserRole } from './team.service.js';

export const handler = httpApi(IDENTITY_ROUTES.changeUserRole, async (ctx) =>
  ok(await changeUserRole(portalCtx(ctx), ctx.session, ctx.params.memberId, ctx.body)),
);
