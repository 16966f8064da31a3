import { CALL_NOTICE_PDF_ROUTES } from '@tranche/shared/http/routes/money.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { noticePdfLink } from './notice-link.js';

export const handler = httpApi(CALL_NOTICE_PDF_ROUTES.getCallNoticePdf, async (ctx) =>
  ok(await noticePdfLink(sessionActor(ctx), ctx.session.role, ctx.params.callId, ctx.params.subscriptionId)),
);
