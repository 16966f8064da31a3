import { SUBSCRIPTION_ROUTES } from '@tranche/shared/http/routes/subscription.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { putTenantMandatoryDocs } from './subscription.queries.js';

export const handler = httpApi(SUBSCRIPTION_ROUTES.putTenantMandatoryDocs, async (ctx) =>
  ok(await putTenantMandatoryDocs(sessionActor(ctx), ctx.params.tenantId, ctx.body)),
);
