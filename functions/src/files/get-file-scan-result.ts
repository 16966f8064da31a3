import { FILES_ROUTES } from '@tranche/shared/http/routes/files.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { scanResult } from './files.service.js';

export const handler = httpApi(FILES_ROUTES.getFileScanResult, async (ctx) =>
  ok(await scanResult(sessionActor(ctx), ctx.params.fileName)),
);
