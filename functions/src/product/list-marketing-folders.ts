import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { listFolders } from './marketing-folders.service.js';

export const handler = httpApi(route('listMarketingFolders'), async ({ tenantId, session, params }) =>
  ok(await listFolders(tenantId, session.role, params.productId)),
);
