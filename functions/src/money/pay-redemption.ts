import { DEALING_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { idempotency } from '#lib/idempotency';
import { payRedemption } from './dealing.service.js';

export const handler = httpApi(
  DEALING_ROUTES.payRedemption,
  async (ctx) => ok(await payRedemption(sessionActor(ctx), ctx.session.role, ctx.params.redemptionId, ctx.body)),
  { idempotency },
);
