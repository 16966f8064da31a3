import { BANK_ACCOUNT_ROUTES } from '@tranche/shared/http/routes/bank-account.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { revealBankAccount } from './step-up.service.js';

export const handler = httpApi(BANK_ACCOUNT_ROUTES.revealBankAccount, async (ctx) =>
  ok(await revealBankAccount(sessionActor(ctx), ctx.session, ctx.query.profileId, ctx.body.bankId)),
);
