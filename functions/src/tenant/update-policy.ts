import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { httpApi, ok } from '#lib/http-api';
import { gpActor } from './actor.js';
import { updatePolicy } from './policy.service.js';

export const handler = httpApi(TENANT_ROUTES.updatePolicy, async (ctx) =>
  ok(await updatePolicy(gpActor(ctx), ctx.params.policyId, ctx.body)),
);
