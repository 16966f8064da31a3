import { TENANT_ROUTES } from '@tranche/shared/http/routes/tenant.routes';
import { created, httpApi } from '#lib/http-api';
import { presignLogoUpload } from './logo.js';

export const handler = httpApi(TENANT_ROUTES.createLogoUpload, async ({ tenantId, body }) =>
  created(await presignLogoUpload(tenantId, body)),
);
