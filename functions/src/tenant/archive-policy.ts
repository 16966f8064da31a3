import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { httpApi, ok } from '#lib/http-api';
import { gpActor } from './actor.js';
import { archivePolicy } from './policy.service.js';

export const handler = httpApi(TENANT_ROUTES.archivePolicy, async (ctx) =>
  ok(await archivePolicy(gpActor(ctx), ctx.params.policyId)),
);
