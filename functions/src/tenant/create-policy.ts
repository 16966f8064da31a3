import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { created, httpApi } from '#lib/http-api';
import { gpActor } from './actor.js';
import { createPolicy } from './policy.service.js';

export const handler = httpApi(TENANT_ROUTES.createPolicy, async (ctx) =>
  created(await createPolicy(gpActor(ctx), ctx.body)),
);
