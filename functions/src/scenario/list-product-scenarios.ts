import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { httpApi, ok } from '#lib/http-api';
import { listProductScenarios } from './scenario.service.js';

export const handler = httpApi(SCENARIO_ROUTES.listProductScenarios, async ({ session, params }) =>
  ok(await listProductScenarios(session.tenantId, params.productId)),
);
