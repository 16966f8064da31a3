import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { gpActor } from './actor.js';
import { updateI18n } from './tenant.service.js';

export const handler = httpApi(route('updateI18nConfigs'), async (ctx) => ok(await updateI18n(gpActor(ctx), ctx.body)));
