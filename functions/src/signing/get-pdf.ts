import { SIGNING_ROUTES } from '@tranche/shared/http/routes/signing.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { pdfDetail } from './pdf-files.service.js';

export const handler = httpApi(SIGNING_ROUTES.getSigningPdf, async (ctx) =>
  ok(await pdfDetail(sessionActor(ctx), ctx.query.fileId)),
);
