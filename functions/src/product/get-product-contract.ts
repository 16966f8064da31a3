import { route } from '@tranche/shared/http/routes';
import { httpApi, ok } from '#lib/http-api';
import { getContract } from './product-contract.service.js';

export const handler = httpApi(route('getProductContract'), async ({ tenantId, session, params }) =>
  ok(await getContract(tenantId, session.role, params.productId)),
);
