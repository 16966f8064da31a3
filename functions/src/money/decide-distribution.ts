import { DISTRIBUTION_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { decideDistribution, viewDistribution } from './distribution.service.js';

export const handler = httpApi(DISTRIBUTION_ROUTES.decideDistribution, async (ctx) => {
  const actor = sessionActor(ctx);
  const role = ctx.session.role;
  return ok(
    viewDistribution(await decideDistribution(actor, role, ctx.params.distributionId, ctx.body.event), actor, role),
  );
});
