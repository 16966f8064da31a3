import { DISTRIBUTION_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { listDistributions } from './distribution.service.js';

export const handler = httpApi(DISTRIBUTION_ROUTES.listDistributions, async (ctx) =>
  ok(await listDistributions(sessionActor(ctx), ctx.session.role, ctx.query.productId)),
);
