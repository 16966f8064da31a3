import { SUBSCRIPTION_ROUTES } from '@tranche/shared/http/routes/subscription.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { listSubscriptions } from './subscription.queries.js';

export const handler = httpApi(SUBSCRIPTION_ROUTES.listSubscriptions, async (ctx) =>
  ok(await listSubscriptions(sessionActor(ctx), ctx.session.role, ctx.query)),
);
