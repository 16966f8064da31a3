import { REDEMPTION_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { decideRedemption } from './redemption.records.js';

export const handler = httpApi(REDEMPTION_ROUTES.decideRedemption, async (ctx) =>
  ok(await decideRedemption(sessionActor(ctx), ctx.session.role, ctx.params.redemptionId, ctx.body)),
);
