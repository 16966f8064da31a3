import { DEALING_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { listProductContractNotes } from './contract-notes.js';

export const handler = httpApi(DEALING_ROUTES.listGpContractNotes, async (ctx) =>
  ok(await listProductContractNotes(sessionActor(ctx), ctx.params.productId)),
);
