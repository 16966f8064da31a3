import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { httpApi, ok } from '#lib/http-api';
import { listScenarioVersions } from './scenario.service.js';

export const handler = httpApi(SCENARIO_ROUTES.listScenarioVersions, async ({ session, params }) =>
  ok(await listScenarioVersions(session.tenantId, params.scenarioId)),
);
