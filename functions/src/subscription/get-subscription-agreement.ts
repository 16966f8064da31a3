import { SUBSCRIPTION_ROUTES } from '@tranche/shared/http/routes/subscription.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { agreementLink } from './agreement-link.js';

export const handler = httpApi(SUBSCRIPTION_ROUTES.getSubscriptionAgreement, async (ctx) =>
  ok(await agreementLink(sessionActor(ctx), ctx.session.role, ctx.params.subscriptionId)),
);
