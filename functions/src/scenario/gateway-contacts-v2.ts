import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { resendLink } from './contacts.service.js';

export const handler = httpApi(SCENARIO_ROUTES.resendGatewayContactLink, async (ctx) =>
  ok(await resendLink(sessionActor(ctx), ctx.session.role, ctx.body)),
);
