import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { gpActor } from './actor.js';
import { updateFeatures } from './tenant.service.js';

export const handler = httpApi(route('updateFeatures'), async (ctx) =>
  ok(await updateFeatures(gpActor(ctx), ctx.body)),
);
