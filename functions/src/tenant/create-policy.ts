import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { createPolicy } from './policy.service.js';

export const handler = httpApi(TENANT_ROUTES.createPolicy, async (ctx) =>
  created(await createPolicy(sessionActor(ctx), ctx.body)),
);
