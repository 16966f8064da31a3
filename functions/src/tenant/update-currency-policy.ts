import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { gpActor } from './actor.js';
import { updateCurrencyPolicy } from './tenant.service.js';

export const handler = httpApi(route('updateCurrencyPolicy'), async (ctx) =>
  ok(await updateCurrencyPolicy(gpActor(ctx), ctx.body)),
);
