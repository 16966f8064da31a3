import { LEDGER_CORRECTION_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { listCorrections } from './correction.service.js';

export const handler = httpApi(LEDGER_CORRECTION_ROUTES.listLedgerCorrections, async (ctx) =>
  ok(await listCorrections(sessionActor(ctx), ctx.session.role, ctx.query.state)),
);
