import { SUBSCRIPTION_ROUTES } from '@tranche/shared/http/routes/subscription.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { getSubscription } from './subscription.service.js';

export const handler = httpApi(SUBSCRIPTION_ROUTES.getSubscription, async (ctx) =>
  ok(await getSubscription(sessionActor(ctx), ctx.session.role, ctx.params.subscriptionId)),
);
