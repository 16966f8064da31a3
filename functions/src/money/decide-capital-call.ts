import { MONEY_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { decideCall, viewCall } from './capital-call.service.js';

export const handler = httpApi(MONEY_ROUTES.decideCapitalCall, async (ctx) => {
  const actor = sessionActor(ctx);
  const call = await decideCall(actor, ctx.session.role, ctx.params.callId, ctx.body.event);
  return ok(await viewCall(actor.tenantId, actor, ctx.session.role, call));
});
