import { INVESTOR_MONEY_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { httpApi, ok } from '#lib/http-api';
import { inProgress } from './investor-lists.js';

export const handler = httpApi(INVESTOR_MONEY_ROUTES.getSubscriptionInProgress, async (ctx) =>
  ok(await inProgress(ctx.tenantId, ctx.session.userId)),
);
