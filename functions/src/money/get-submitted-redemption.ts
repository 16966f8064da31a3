import { REDEMPTION_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { getRedemption } from './redemption.records.js';

export const handler = httpApi(REDEMPTION_ROUTES.getSubmittedRedemption, async (ctx) =>
  ok(await getRedemption(sessionActor(ctx), ctx.session.role, ctx.params.redemptionId)),
);
