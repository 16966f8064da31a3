import { SUBSCRIPTION_ROUTES } from '@tranche/shared/http/routes/subscription.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { transitionSubscription } from './subscription.service.js';

export const handler = httpApi(SUBSCRIPTION_ROUTES.transitionSubscription, async (ctx) =>
  ok(await transitionSubscription(sessionActor(ctx), ctx.session.role, ctx.params.subscriptionId, ctx.body)),
);
