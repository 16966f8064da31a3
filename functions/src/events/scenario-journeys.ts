import type { DomainEvent } from '@tranche/shared/events/catalogue';
import type { ScenarioSubscriptionType } from '@tranche/shared/scenario/scenario.schema';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { startJourney } from '../scenario/journey-start.js';
import { openSubscriptionProjects, stopJourney, voidAgreementProject } from '../scenario/journey-stop.js';
import { stopExecution } from '../scenario/sfn.js';
import { getSubscriptionRecord } from '../subscription/subscription.repo.js';
import {
  applySubscriptionEvent,
  recordScenarioProgress,
  transitionSubscription,
} from '../subscription/subscription.service.js';
import type { Consumer } from './consumer.js';

/**
 * Scenario flows (issue 13, docs/subscriptions.md "Scenario flows"): a subscription's journey starts
 * when it enters INVESTING (an investment created as such, a reservation taken up, an interest
 * converted), running the fund's Invest scenario for the investor's profile type; an expression of
 * interest or a reservation request runs its own type's (short) scenario from its creation. Starting
 * is idempotent (startJourney finds the run it began), so a redelivered event starts nothing twice.
 */
const systemActor = (e: DomainEvent): Actor => ({
  tenantId: e.tenantId,
  userId: 'SYSTEM',
  requestId: e.requestId,
  at: clock.nowIso(),
});

/** Which journey an event starts, if any. */
export const journeyToStart = (e: DomainEvent): ScenarioSubscriptionType | undefined => {
  const p = e.payload as { type?: string; status?: string; to?: string; event?: string };
  if (e.name === 'INTEREST_EXPRESSED') return 'EXPRESSED_INTEREST_SUBSCRIPTION';
  if (e.name === 'SUBSCRIPTION_CREATED') {
    if (p.status === 'INVESTING') return 'INVEST_SUBSCRIPTION';
    if (p.type === 'RESERVE_SUBSCRIPTION' || p.type === 'EXPRESSED_INTEREST_SUBSCRIPTION') return p.type;
    return undefined;
  }
  // BACK, RESUME_FORMS and REQUEST_CHANGES also land in INVESTING: the journey is already there.
  if (
    e.name === 'SUBSCRIPTION_STATUS_CHANGED' &&
    p.to === 'INVESTING' &&
    (p.event === 'INVEST' || p.event === 'CONVERT_TO_INVESTMENT')
  ) {
    return 'INVEST_SUBSCRIPTION';
  }
  return undefined;
};

export const scenarioJourneys: Consumer = {
  name: 'scenarioJourneys',
  on: ['SUBSCRIPTION_CREATED', 'INTEREST_EXPRESSED', 'SUBSCRIPTION_STATUS_CHANGED'],
  effect: async (e, once) => {
    const type = journeyToStart(e);
    if (!type) return;
    await once('', async () => {
      await startJourney(systemActor(e), e.subject.id, type);
    });
  },
};

/**
 * What the NIGO check reads of the journey (subscription-contract.md `recordScenarioProgress`): an
 * Invest journey that started is incomplete until it reaches its end. The step names the scenario,
 * so the runner can send the investor back to it.
 */
export const scenarioPackage: Consumer = {
  name: 'scenarioPackage',
  on: ['SCENARIO_JOURNEY_STARTED', 'SCENARIO_JOURNEY_COMPLETED', 'SCENARIO_JOURNEY_REWOUND'],
  effect: async (e, once) => {
    const p = e.payload as { nodeId?: string };
    const missing =
      e.name === 'SCENARIO_JOURNEY_COMPLETED' ? [] : [{ step: p.nodeId ?? 'scenario', field: 'scenario' }];
    await once('', async () => {
      await recordScenarioProgress(systemActor(e), e.subject.id, missing);
    });
  },
};

/**
 * The subscription's status follows the journey (the lifecycle table's SYSTEM and LP steps of the
 * INVESTING stage, docs/subscriptions.md): a questionnaire opening starts the risk assessment; its
 * answers are the investor's SUBMIT_QUESTIONNAIRE, then PASS or FAIL (REJECTED) by the score; the next
 * node after a pass resumes the forms; going back (from a questionnaire, a signing step or the
 * prepared package) is the investor's BACK. Each
 * step is taken only from the status it expects, so a redelivered or late event changes nothing.
 */
const investorStep = async (e: DomainEvent, event: 'SUBMIT_QUESTIONNAIRE' | 'BACK', from: readonly string[]) => {
  const sub = await getSubscriptionRecord(e.tenantId, e.subject.id);
  if (!sub || !from.includes(sub.status)) return;
  const investor: Actor = { ...systemActor(e), userId: sub.investorUserId };
  await transitionSubscription(investor, 'LP', sub.subscriptionId, { event, version: sub.version });
};

export const scenarioStatus: Consumer = {
  name: 'scenarioStatus',
  on: ['SCENARIO_NODE_OPENED', 'SCENARIO_NODE_COMPLETED', 'SCENARIO_NOT_PASSED', 'SCENARIO_JOURNEY_REWOUND'],
  effect: async (e, once) => {
    const p = e.payload as { kind?: string };
    const actor = systemActor(e);
    const id = e.subject.id;
    if (e.name === 'SCENARIO_NODE_OPENED') {
      await once('resume', async () => {
        await applySubscriptionEvent(actor, id, 'RESUME_FORMS', {}, { expectedStatus: 'RISK_ASSESSED' });
      });
      if (p.kind === 'QUESTIONNAIRE') {
        await once('risk', async () => {
          await applySubscriptionEvent(actor, id, 'START_RISK_ASSESSMENT', {}, { expectedStatus: 'INVESTING' });
        });
      }
    } else if (e.name === 'SCENARIO_JOURNEY_REWOUND') {
      // Back from the confirmation step (the package was prepared) or a signing step reopens the forms too.
      await once('back', () => investorStep(e, 'BACK', ['ASSESS_RISK', 'SIGN', 'CONFIRM_SUBSCRIPTION']));
      await once('resume', async () => {
        await applySubscriptionEvent(actor, id, 'RESUME_FORMS', {}, { expectedStatus: 'RISK_ASSESSED' });
      });
    } else if (p.kind === 'QUESTIONNAIRE' || e.name === 'SCENARIO_NOT_PASSED') {
      await once('submit', () => investorStep(e, 'SUBMIT_QUESTIONNAIRE', ['ASSESS_RISK']));
      const decision = e.name === 'SCENARIO_NOT_PASSED' ? 'FAIL_RISK_ASSESSMENT' : 'PASS_RISK_ASSESSMENT';
      await once('decide', async () => {
        await applySubscriptionEvent(actor, id, decision, {}, { expectedStatus: 'ASSESSING_RISK' });
      });
    }
  },
};

/** Why a journey's execution was stopped (the execution's cause; the subscription event audits it). */
const ENDED_BECAUSE: Partial<Record<DomainEvent['name'], string>> = {
  SUBSCRIPTION_EXPIRED: 'The subscription lapsed',
  SUBSCRIPTION_WITHDRAWN: 'The investor withdrew the subscription',
  SUBSCRIPTION_CANCELLED: 'The manager cancelled the subscription',
  SUBSCRIPTION_REJECTED: 'The subscription was rejected',
};

/**
 * What a journey leaves behind when it can no longer finish (docs/subscriptions.md "Journeys that can
 * no longer finish"), in the journey worker, never in the request:
 * - a journey replaced by one of another type (an interest converted to an investment): the old run's
 *   execution (SCENARIO_JOURNEY_STARTED names it) is stopped;
 * - the investor (or a manager's reset) went back past a sign node whose agreement was out for
 *   signing: that project (SCENARIO_JOURNEY_REWOUND names it) is voided through the signing
 *   lifecycle; the new run's sign node makes a new one;
 * - the subscription ended (expired, withdrawn, cancelled, rejected): a running journey is marked
 *   stopped and its execution stopped, and an agreement or a countersignature still out for signing
 *   is voided.
 * Stopping a stopped execution and voiding an ended project change nothing, so a redelivery is safe.
 */
export const scenarioEnds: Consumer = {
  name: 'scenarioEnds',
  on: [
    'SCENARIO_JOURNEY_STARTED',
    'SCENARIO_JOURNEY_REWOUND',
    'SUBSCRIPTION_EXPIRED',
    'SUBSCRIPTION_WITHDRAWN',
    'SUBSCRIPTION_CANCELLED',
    'SUBSCRIPTION_REJECTED',
  ],
  effect: async (e, once) => {
    const actor = systemActor(e);
    const p = e.payload as { replacedExecutionArn?: string; voidProjectId?: string };
    if (e.name === 'SCENARIO_JOURNEY_STARTED') {
      const arn = p.replacedExecutionArn;
      if (arn) await once('stop', () => stopExecution(arn, 'Replaced by a journey of another subscription type'));
      return;
    }
    if (e.name === 'SCENARIO_JOURNEY_REWOUND') {
      const projectId = p.voidProjectId;
      if (projectId) {
        await once('void', async () => {
          await voidAgreementProject(actor, projectId, 'The investor went back to an earlier step of the subscription');
        });
      }
      return;
    }
    const reason = ENDED_BECAUSE[e.name];
    if (!reason) return;
    await once('stop', async () => {
      await stopJourney(actor, e.subject.id, reason);
    });
    await once('void', async () => {
      for (const projectId of await openSubscriptionProjects(e.tenantId, e.subject.id)) {
        await voidAgreementProject(actor, projectId, reason);
      }
    });
  },
};
