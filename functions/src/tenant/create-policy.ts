import { route } from '@tranche/shared/http/routes';
import { created, httpApi } from '#lib/http-api';
import { gpActor } from './actor.js';
import { createPolicy } from './policy.service.js';

export const handler = httpApi(route('createPolicy'), async (ctx) =>
  created(await createPolicy(gpActor(ctx), ctx.body)),
);
