import { SUBSCRIPTION_ROUTES } from '@tranche/shared/http/routes/subscription.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { bulkApprove } from './subscription.service.js';

export const handler = httpApi(SUBSCRIPTION_ROUTES.bulkApproveSubscriptions, async (ctx) =>
  ok(await bulkApprove(sessionActor(ctx), ctx.session.role, ctx.body.items)),
);
