import { MONEY_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { getCall } from './capital-call.service.js';

export const handler = httpApi(MONEY_ROUTES.getCapitalCall, async (ctx) =>
  ok(await getCall(sessionActor(ctx), ctx.session.role, ctx.params.callId)),
);
