import { FUND_BANK_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { noticePaymentDetails } from './fund-bank-details.js';

export const handler = httpApi(FUND_BANK_ROUTES.getNoticePaymentDetails, async (ctx) =>
  ok(await noticePaymentDetails(sessionActor(ctx), ctx.session.role, ctx.params.callId, ctx.params.subscriptionId)),
);
