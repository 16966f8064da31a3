import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { httpApi, ok } from '#lib/http-api';
import { gpActor } from './actor.js';
import { updateCurrencyPolicy } from './tenant.service.js';

export const handler = httpApi(TENANT_ROUTES.updateCurrencyPolicy, async (ctx) =>
  ok(await updateCurrencyPolicy(gpActor(ctx), ctx.body)),
);
