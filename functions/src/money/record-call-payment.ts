import { CAPITAL_CALL_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { idempotency } from '#lib/idempotency';
import { viewCallAfterWrite } from './call.records.js';
import { recordPayment } from './capital-call.service.js';

export const handler = httpApi(
  CAPITAL_CALL_ROUTES.recordCallPayment,
  async (ctx) => {
    const actor = sessionActor(ctx);
    const call = await recordPayment(actor, ctx.session.role, ctx.params.callId, ctx.body);
    return ok(await viewCallAfterWrite(actor.tenantId, actor, ctx.session.role, call));
  },
  { idempotency },
);
