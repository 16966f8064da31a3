import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { updateCurrencyPolicy } from './tenant.service.js';

export const handler = httpApi(TENANT_ROUTES.updateCurrencyPolicy, async (ctx) =>
  ok(await updateCurrencyPolicy(sessionActor(ctx), ctx.body)),
);
