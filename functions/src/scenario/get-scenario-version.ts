import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { httpApi, ok } from '#lib/http-api';
import { getScenarioVersion } from './scenario.service.js';

export const handler = httpApi(SCENARIO_ROUTES.getScenarioVersion, async ({ session, params, query }) =>
  ok(await getScenarioVersion(session.tenantId, params.scenarioId, Number(query.version))),
);
