import { REDEMPTION_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { changeRedemption } from './redemption.service.js';

export const handler = httpApi(REDEMPTION_ROUTES.changeRedemption, async (ctx) =>
  ok(await changeRedemption(sessionActor(ctx), ctx.params.redemptionId, ctx.body)),
);
