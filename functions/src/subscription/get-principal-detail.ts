import { SUBSCRIPTION_ROUTES } from '@tranche/shared/http/routes/subscription.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { principalDetail } from './subscription.queries.js';

export const handler = httpApi(SUBSCRIPTION_ROUTES.getPrincipalDetail, async (ctx) =>
  ok(await principalDetail(sessionActor(ctx), ctx.query.userId)),
);
