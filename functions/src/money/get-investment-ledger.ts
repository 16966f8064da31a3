import { LEDGER_CORRECTION_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { investmentLedger } from './correction.service.js';

export const handler = httpApi(LEDGER_CORRECTION_ROUTES.getInvestmentLedger, async (ctx) =>
  ok(await investmentLedger(sessionActor(ctx), ctx.params.subscriptionId)),
);
