import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { publishPolicy } from './policy.service.js';

export const handler = httpApi(TENANT_ROUTES.publishPolicy, async (ctx) =>
  ok(await publishPolicy(sessionActor(ctx), ctx.params.policyId, ctx.body.revision)),
);
