import { DEALING_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { idempotency } from '#lib/idempotency';
import { runDealing } from './dealing.service.js';

export const handler = httpApi(
  DEALING_ROUTES.runDealing,
  async (ctx) => created(await runDealing(sessionActor(ctx), ctx.params.productId, ctx.params.shareClassId, ctx.body)),
  { idempotency },
);
