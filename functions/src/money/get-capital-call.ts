import { CAPITAL_CALL_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { getCall } from './call.records.js';

export const handler = httpApi(CAPITAL_CALL_ROUTES.getCapitalCall, async (ctx) =>
  ok(await getCall(sessionActor(ctx), ctx.session.role, ctx.params.callId)),
);
