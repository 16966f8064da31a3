import { CAPITAL_CALL_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { idempotency } from '#lib/idempotency';
import { viewCallAfterWrite } from './call.records.js';
import { createCall } from './capital-call.service.js';

export const handler = httpApi(
  CAPITAL_CALL_ROUTES.createCapitalCall,
  async (ctx) => {
    const actor = sessionActor(ctx);
    return created(
      await viewCallAfterWrite(actor.tenantId, actor, ctx.session.role, await createCall(actor, ctx.body)),
    );
  },
  { idempotency },
);
