import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { getTenantComponents } from './product.service.js';

export const handler = httpApi(route('getTenantPortalComponents'), async ({ tenantId }) =>
  ok(await getTenantComponents(tenantId)),
);
