import { SUBSCRIPTION_ROUTES } from '@tranche/shared/http/routes/subscription.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { getTenantMandatoryDocs } from './subscription.queries.js';

export const handler = httpApi(SUBSCRIPTION_ROUTES.getTenantMandatoryDocs, async (ctx) =>
  ok(await getTenantMandatoryDocs(sessionActor(ctx), ctx.params.tenantId)),
);
