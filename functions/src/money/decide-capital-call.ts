import { CAPITAL_CALL_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { decideCall } from './call.decisions.js';
import { viewCall } from './call.records.js';

export const handler = httpApi(CAPITAL_CALL_ROUTES.decideCapitalCall, async (ctx) => {
  const actor = sessionActor(ctx);
  const call = await decideCall(actor, ctx.session.role, ctx.params.callId, ctx.body.event);
  return ok(await viewCall(actor.tenantId, actor, ctx.session.role, call));
});
