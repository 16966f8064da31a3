import { LEDGER_CORRECTION_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { decideCorrection } from './correction.service.js';

export const handler = httpApi(LEDGER_CORRECTION_ROUTES.decideLedgerCorrection, async (ctx) =>
  ok(await decideCorrection(sessionActor(ctx), ctx.session.role, ctx.params.correctionId, ctx.body)),
);
