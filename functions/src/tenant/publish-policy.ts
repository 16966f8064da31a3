import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { httpApi, ok } from '#lib/http-api';
import { gpActor } from './actor.js';
import { publishPolicy } from './policy.service.js';

export const handler = httpApi(TENANT_ROUTES.publishPolicy, async (ctx) =>
  ok(await publishPolicy(gpActor(ctx), ctx.params.policyId, ctx.body.revision)),
);
