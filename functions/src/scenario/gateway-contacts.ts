import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { listGatewayContacts } from './contacts.service.js';

export const handler = httpApi(SCENARIO_ROUTES.listGatewayContacts, async (ctx) =>
  ok(await listGatewayContacts(sessionActor(ctx), ctx.session.role, ctx.query)),
);
