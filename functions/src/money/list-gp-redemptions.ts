import { REDEMPTION_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { listTenant } from './redemption.records.js';

export const handler = httpApi(REDEMPTION_ROUTES.listGpRedemptions, async (ctx) =>
  ok({ items: await listTenant(sessionActor(ctx), ctx.session.role) }),
);
