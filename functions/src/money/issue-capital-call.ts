import { CAPITAL_CALL_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { issueCall } from './call.decisions.js';
import { viewCall } from './call.records.js';

export const handler = httpApi(CAPITAL_CALL_ROUTES.issueCapitalCall, async (ctx) => {
  const actor = sessionActor(ctx);
  const call = await issueCall(actor, ctx.session.role, ctx.params.callId, ctx.body ?? {});
  return ok(await viewCall(actor.tenantId, actor, ctx.session.role, call));
});
