import { MODIFICATION_ROUTES } from '@tranche/shared/http/routes/modification.routes';
import { sessionActor } from '#lib/audit';
import { httpApi, ok } from '#lib/http-api';
import { deleteNodeResult } from './journey.service.js';

/**
 * /biteflow/delete-scenario-node-result: a GP admin resets a done step of an investor's journey
 * (docs/subscriptions.md "Modification"). The same rewind as the investor's back, so the execution
 * stays consistent (the run restarts at the step with the results before it); the reason is audited
 * on SCENARIO_JOURNEY_REWOUND. Not past a signature, and not once submitted (the manager then sends
 * it back for changes).
 */
export const handler = httpApi(MODIFICATION_ROUTES.resetScenarioNodeResult, async (ctx) =>
  ok(
    await deleteNodeResult(
      sessionActor(ctx),
      ctx.session.role,
      { subscriptionId: ctx.body.subscriptionId, nodeId: ctx.body.nodeId },
      { reason: ctx.body.reason },
    ),
  ),
);
