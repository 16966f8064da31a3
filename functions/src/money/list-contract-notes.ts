import { DEALING_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { listOwnContractNotes } from './contract-notes.js';

export const handler = httpApi(DEALING_ROUTES.listContractNotes, async (ctx) =>
  ok(await listOwnContractNotes(sessionActor(ctx))),
);
