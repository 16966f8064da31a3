import { SCENARIO_ROUTES } from '@tranche/shared/http/routes/scenario.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { getContractDocuments } from './contacts.service.js';

export const handler = httpApi(SCENARIO_ROUTES.getContractDocuments, async (ctx) =>
  ok(
    await getContractDocuments(
      sessionActor(ctx),
      ctx.session.role,
      ctx.lang,
      ctx.params.scenarioId,
      ctx.query.subscriptionId,
    ),
  ),
);
