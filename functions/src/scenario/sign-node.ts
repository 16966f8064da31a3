import type { Actor } from '#lib/audit';
import { commit, event } from '#lib/db/commit';
import { logger } from '#lib/logger';
import { findProject } from '../signing/projects.repo.js';
import { readSubscriptionSigning, type SubscriptionSigningRecord } from '../subscription/signing.repo.js';
import { type JourneyRecord, type NodeResultRecord, putJourney, putResult, readJourney } from './scenario.repo.js';
import { sendTaskSuccess } from './sfn.js';

/**
 * A SIGN node is completed by its e-signature project, not by a person's answer (issue 13; docs/
 * subscriptions.md "Signing and countersigning"): when the agreement's project completes, the node's
 * result names the project and every signer with the party they signed for, and SCENARIO_NODE_COMPLETED
 * carries them (`signers: [{party, personId?}]`, and `party`/`personId` of the first for older
 * readers), so the NIGO check counts each required signature. Then the execution moves on.
 *
 * Only for the run and node the project was made for, while that node is current: a completion that
 * arrives after the journey went back, or twice, changes nothing (idempotent by the journey's state).
 */
export const completeSignNode = async (actor: Actor, record: SubscriptionSigningRecord): Promise<boolean> => {
  if (!record.journeyId || !record.nodeId) return false;
  const decided = await commit<{ token: string; routing: Record<string, unknown> } | undefined>(actor, async () => {
    const { journey } = await readJourney(actor.tenantId, record.subscriptionId);
    if (
      journey?.status !== 'RUNNING' ||
      journey.journeyId !== record.journeyId ||
      journey.currentNodeId !== record.nodeId ||
      !journey.taskToken
    ) {
      return { steps: [], events: [], result: undefined };
    }
    const signers = record.signers.map((s) => ({
      party: s.party,
      signerId: s.signerId,
      ...(s.personId ? { personId: s.personId } : {}),
    }));
    const routing = { signed: true, projectId: record.projectId };
    const result: NodeResultRecord = {
      nodeId: record.nodeId as string,
      kind: 'SIGN',
      state: 'DONE',
      values: { confirmed: true },
      routing,
      at: actor.at,
      by: actor.userId,
    };
    const { currentNodeId: _c, taskToken, ...rest } = journey;
    const next: JourneyRecord = {
      ...rest,
      done: [...journey.done, record.nodeId as string],
      version: journey.version + 1,
      updatedAt: actor.at,
    };
    return {
      steps: [
        putResult(actor.tenantId, record.subscriptionId, result),
        putJourney(actor.tenantId, next, journey.version),
      ],
      events: [
        event('SCENARIO_NODE_COMPLETED', record.subscriptionId, {
          refId: record.subscriptionId,
          journeyId: journey.journeyId,
          scenarioId: journey.scenarioId,
          version: journey.scenarioVersion,
          nodeId: record.nodeId as string,
          kind: 'SIGN',
          projectId: record.projectId,
          signers,
          ...(signers[0]
            ? { party: signers[0].party, ...(signers[0].personId ? { personId: signers[0].personId } : {}) }
            : {}),
        }),
      ],
      result: { token: taskToken as string, routing },
    };
  });
  if (!decided) return false;
  await sendTaskSuccess(decided.token, decided.routing);
  return true;
};

/** What the runner and the temp-token page show of a SIGN node: the project, each signer and whether they signed. */
export const signNodeView = async (tenantId: string, subscriptionId: string, journeyId: string, nodeId: string) => {
  const record = await readSubscriptionSigning(tenantId, subscriptionId, 'AGREEMENT');
  if (!record || record.journeyId !== journeyId || record.nodeId !== nodeId) return { state: 'PREPARING' as const };
  const bundle = await findProject(tenantId, record.projectId);
  if (!bundle) return { state: 'PREPARING' as const };
  const stateOf = new Map(bundle.signers.map((s) => [s.signerId, s.state]));
  if (stateOf.size !== record.signers.length) logger.warn('signing project signers differ', { subscriptionId });
  return {
    state: record.state,
    projectId: record.projectId,
    ...(record.reason ? { reason: record.reason } : {}),
    signers: record.signers.map((s) => ({
      signerId: s.signerId,
      name: s.name,
      party: s.party,
      ...(s.userId ? { userId: s.userId } : {}),
      signed: stateOf.get(s.signerId) === 'SIGNED',
    })),
  };
};
