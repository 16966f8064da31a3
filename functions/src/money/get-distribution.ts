import { DISTRIBUTION_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { getDistribution } from './distribution.service.js';

export const handler = httpApi(DISTRIBUTION_ROUTES.getDistribution, async (ctx) =>
  ok(await getDistribution(sessionActor(ctx), ctx.session.role, ctx.params.distributionId)),
);
