import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { validateScenario } from '@tranche/shared/scenario/validate';
import { httpApi, ok } from '#lib/http-api';

export const handler = httpApi(SCENARIO_ROUTES.validateScenario, async ({ body }) => {
  const issues = validateScenario(body.graph);
  return ok({ valid: issues.length === 0, issues });
});
