import { SUBSCRIPTION_ROUTES } from '@tranche/shared/http/routes/subscription.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { previousInvestment } from './subscription.queries.js';

export const handler = httpApi(SUBSCRIPTION_ROUTES.getPreviousInvestment, async (ctx) =>
  ok(await previousInvestment(sessionActor(ctx), ctx.params.productId)),
);
