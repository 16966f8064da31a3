import { SUBSCRIPTION_ROUTES } from '@tranche/shared/http/routes/subscription.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { submitSubscription } from './subscription.service.js';

export const handler = httpApi(SUBSCRIPTION_ROUTES.submitSubscription, async (ctx) =>
  ok(await submitSubscription(sessionActor(ctx), ctx.session.role, ctx.params.subscriptionId, ctx.body)),
);
