import { REDEMPTION_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { idempotency } from '#lib/idempotency';
import { requestRedemption } from './redemption.service.js';

export const handler = httpApi(
  REDEMPTION_ROUTES.requestRedemption,
  async (ctx) => created(await requestRedemption(sessionActor(ctx), ctx.body)),
  { idempotency },
);
