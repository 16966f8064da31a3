import { DEALING_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { listRuns } from './dealing.service.js';

export const handler = httpApi(DEALING_ROUTES.listDealingRuns, async (ctx) =>
  ok(await listRuns(sessionActor(ctx), ctx.params.productId, ctx.params.shareClassId)),
);
