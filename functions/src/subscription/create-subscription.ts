import { SUBSCRIPTION_ROUTES } from '@tranche/shared/http/routes/subscription.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { idempotency } from '#lib/idempotency';
import { createSubscription } from './subscription.service.js';

// Idempotent: a retried or double-clicked Invest starts one subscription, not two.
export const handler = httpApi(
  SUBSCRIPTION_ROUTES.createSubscription,
  async (ctx) => created(await createSubscription(sessionActor(ctx), ctx.session.role, ctx.body)),
  { idempotency },
);
