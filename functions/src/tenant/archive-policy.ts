import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { archivePolicy } from './policy.service.js';

export const handler = httpApi(TENANT_ROUTES.archivePolicy, async (ctx) =>
  ok(await archivePolicy(sessionActor(ctx), ctx.params.policyId)),
);
