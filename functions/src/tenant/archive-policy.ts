import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { gpActor } from './actor.js';
import { archivePolicy } from './policy.service.js';

export const handler = httpApi(route('archivePolicy'), async (ctx) =>
  ok(await archivePolicy(gpActor(ctx), ctx.params.policyId)),
);
