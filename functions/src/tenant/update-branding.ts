import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { gpActor } from './actor.js';
import { updateBranding } from './tenant.service.js';

export const handler = httpApi(route('updateBranding'), async (ctx) =>
  ok(await updateBranding(gpActor(ctx), ctx.body)),
);
