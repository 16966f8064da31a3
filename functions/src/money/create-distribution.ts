import { DISTRIBUTION_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { idempotency } from '#lib/idempotency';
import { createDistribution, viewDistribution } from './distribution.service.js';

export const handler = httpApi(
  DISTRIBUTION_ROUTES.createDistribution,
  async (ctx) => {
    const actor = sessionActor(ctx);
    return created(viewDistribution(await createDistribution(actor, ctx.body), actor, ctx.session.role));
  },
  { idempotency },
);
