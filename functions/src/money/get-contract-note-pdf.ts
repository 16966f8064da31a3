import { CONTRACT_NOTE_PDF_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { contractNotePdfLink } from './contract-note-link.js';

export const handler = httpApi(CONTRACT_NOTE_PDF_ROUTES.getContractNotePdf, async (ctx) =>
  ok(
    await contractNotePdfLink(
      sessionActor(ctx),
      ctx.session.role,
      ctx.params.subscriptionId,
      ctx.params.contractNoteId,
    ),
  ),
);
