import { BANK_ACCOUNT_ROUTES } from '@tranche/shared/http/routes/bank-account.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { getBankAccountForReview } from './bank-account.service.js';

export const handler = httpApi(BANK_ACCOUNT_ROUTES.getBankAccountForReview, async (ctx) =>
  ok(await getBankAccountForReview(sessionActor(ctx), ctx.session.role, ctx.params.profileId, ctx.params.bankId)),
);
