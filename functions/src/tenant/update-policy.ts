import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { updatePolicy } from './policy.service.js';

export const handler = httpApi(TENANT_ROUTES.updatePolicy, async (ctx) =>
  ok(await updatePolicy(sessionActor(ctx), ctx.params.policyId, ctx.body)),
);
