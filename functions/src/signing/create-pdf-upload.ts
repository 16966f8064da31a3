import { SIGNING_ROUTES } from '@tranche/shared/http/routes/signing.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { createPdfUpload } from './pdf-files.service.js';

export const handler = httpApi(SIGNING_ROUTES.createSigningPdfUpload, async (ctx) =>
  created(await createPdfUpload(sessionActor(ctx), ctx.body)),
);
