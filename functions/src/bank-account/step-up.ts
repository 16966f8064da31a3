import { BANK_ACCOUNT_ROUTES } from '@tranche/shared/http/routes/bank-account.routes';
import { httpApi, ok } from '#lib/http-api';
import { portalCtx } from '../auth/context.js';
import { stepUp } from './step-up.service.js';

export const handler = httpApi(BANK_ACCOUNT_ROUTES.stepUp, async (ctx) =>
  ok(await stepUp(portalCtx(ctx), ctx.session, ctx.body)),
);
