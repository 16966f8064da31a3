import { LEDGER_CORRECTION_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { idempotency } from '#lib/idempotency';
import { createCorrection } from './correction.service.js';

export const handler = httpApi(
  LEDGER_CORRECTION_ROUTES.createLedgerCorrection,
  async (ctx) =>
    created(await createCorrection(sessionActor(ctx), ctx.session.role, ctx.params.subscriptionId, ctx.body)),
  { idempotency },
);
