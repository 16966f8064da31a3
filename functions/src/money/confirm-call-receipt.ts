import { CAPITAL_CALL_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { viewCall } from './call.records.js';
import { confirmReceipt } from './capital-call.service.js';

export const handler = httpApi(CAPITAL_CALL_ROUTES.confirmCallReceipt, async (ctx) => {
  const actor = sessionActor(ctx);
  const call = await confirmReceipt(actor, ctx.session.role, ctx.params.callId, ctx.body.subscriptionId);
  return ok(await viewCall(actor.tenantId, actor, ctx.session.role, call));
});
