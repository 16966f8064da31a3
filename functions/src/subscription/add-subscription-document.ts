import { SUBSCRIPTION_ROUTES } from '@tranche/shared/http/routes/subscription.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { addSubscriptionDocument } from './subscription.service.js';

export const handler = httpApi(SUBSCRIPTION_ROUTES.addSubscriptionDocument, async (ctx) =>
  created(await addSubscriptionDocument(sessionActor(ctx), ctx.session.role, ctx.params.subscriptionId, ctx.body)),
);
