import { FILES_ROUTES } from '@tranche/shared/http/routes/files.routes';
import { sessionActor } from '#lib/audit';
import { created, httpApi } from '#lib/http-api';
import { createUpload } from './files.service.js';

export const handler = httpApi(FILES_ROUTES.createFileUpload, async (ctx) =>
  created(await createUpload(sessionActor(ctx), ctx.body)),
);
