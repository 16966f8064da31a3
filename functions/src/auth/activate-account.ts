import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from './context.js';
import { activateAccount } from './password.service.js';

export const handler = httpApi(route('activateAccount'), async (ctx) =>
  ok(await activateAccount(portalCtx(ctx), ctx.body)),
);
