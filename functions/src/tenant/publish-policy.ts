import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { gpActor } from './actor.js';
import { publishPolicy } from './policy.service.js';

export const handler = httpApi(route('publishPolicy'), async (ctx) =>
  ok(await publishPolicy(gpActor(ctx), ctx.params.policyId, ctx.body.revision)),
);
