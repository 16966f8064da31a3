import { route } from '@tranche/shared/http/routes';
import { created, httpApi } from '#lib/http-api';
import { presignLogoUpload } from './logo.js';

export const handler = httpApi(route('createLogoUpload'), async ({ tenantId, body }) =>
  created(await presignLogoUpload(tenantId, body.contentType)),
);
