import type { ScenarioInvestorType, ScenarioSubscriptionType } from '@tranche/shared/scenario/scenario.schema';
import type { Actor } from '#lib/audit';
import { commit, event, type Step } from '#lib/db/commit';
import { newId } from '#lib/ids';
import { readProfile } from '../profile/profile.repo.js';
import { getSubscriptionRecord, type SubscriptionRecord } from '../subscription/subscription.repo.js';
import { launch } from './journey.service.js';
import { deleteResult, type JourneyRecord, putJourney, readJourney } from './scenario.repo.js';
import { publishedScenarioFor } from './scenario.service.js';

/*
 * Starting a journey (the consumer of the subscription's events, and the demo seed): apart from the
 * journey routes, so their bundles do not carry the default scenarios and the compiler that the
 * first use of a default may need.
 */

const investorTypeOf = async (tenantId: string, sub: SubscriptionRecord): Promise<ScenarioInvestorType> =>
  (sub.profileId ? (await readProfile(tenantId, sub.profileId))?.type : undefined) ?? 'INDIVIDUAL';

/**
 * Starts a subscription's journey of `journeyType` (idempotent: a redelivered start finds the run it
 * began). A journey of another type (an interest that converts to an investment) is replaced; its
 * execution is named on SCENARIO_JOURNEY_STARTED for the journey worker to stop.
 */
export const startJourney = async (
  actor: Actor,
  subscriptionId: string,
  journeyType: ScenarioSubscriptionType,
): Promise<JourneyRecord | undefined> => {
  const sub = await getSubscriptionRecord(actor.tenantId, subscriptionId);
  if (!sub) return undefined;
  const { journey: existing, results } = await readJourney(actor.tenantId, subscriptionId);
  if (existing && existing.subscriptionType === journeyType) {
    if (!existing.executionArn && existing.status === 'RUNNING') await launch(actor, existing, {});
    return existing;
  }
  const investorType = await investorTypeOf(actor.tenantId, sub);
  const slot = await publishedScenarioFor(actor, sub.productId, journeyType, investorType);
  const journey: JourneyRecord = {
    subscriptionId,
    investorUserId: sub.investorUserId,
    productId: sub.productId,
    subscriptionType: journeyType,
    investorType,
    scenarioId: slot.scenarioId,
    scenarioVersion: slot.publishedVersion,
    stateMachineArn: slot.stateMachineArn,
    journeyId: newId(),
    status: 'RUNNING',
    done: [],
    subscription: {
      amount: Number(sub.amount ?? 0),
      currency: sub.currency,
      investorType,
      subscriptionType: sub.type,
    },
    version: (existing?.version ?? 0) + 1,
    createdAt: actor.at,
    updatedAt: actor.at,
  };
  // The replaced journey's results go with it (its node ids may recur in the new scenario), and its
  // execution, which nobody can answer any more, is stopped by the journey worker (scenarioEnds).
  const replacedExecutionArn =
    existing?.status === 'RUNNING' && !existing.stoppedAt ? existing.executionArn : undefined;
  const cleared: Step[] = [...results.keys()].map((nodeId) => deleteResult(actor.tenantId, subscriptionId, nodeId));
  await commit(actor, {
    steps: [putJourney(actor.tenantId, journey, existing?.version), ...cleared],
    events: [
      event('SCENARIO_JOURNEY_STARTED', subscriptionId, {
        refId: subscriptionId,
        journeyId: journey.journeyId,
        scenarioId: journey.scenarioId,
        version: journey.scenarioVersion,
        ...(replacedExecutionArn ? { replacedExecutionArn } : {}),
      }),
    ],
    result: undefined,
  });
  await launch(actor, journey, {});
  return journey;
};
