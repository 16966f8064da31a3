import type { Role } from '@tranche/shared/auth/roles';
import type { FieldIssue } from '@tranche/shared/errors/catalogue';
import { checkFormValues, routingValues, statementAssented } from '@tranche/shared/scenario/form-check';
import { journeyProgress, nodeView, scoreSurvey } from '@tranche/shared/scenario/journey';
import {
  type CurrentNode,
  isHumanKind,
  type NodeOfKind,
  type NodeResult,
  type NodeValues,
  type Progress,
  type ScenarioGraph,
  type ScenarioNode,
  SUBSCRIPTION_WRITABLE_FIELDS,
} from '@tranche/shared/scenario/scenario.schema';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { commit, event, type Step } from '#lib/db/commit';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { readSubscriptionSigning } from '../subscription/signing.repo.js';
import { getSubscriptionRecord, type SubscriptionRecord } from '../subscription/subscription.repo.js';
import { prefillValues } from './prefill.js';
import {
  deleteResult,
  type JourneyRecord,
  type NodeResultRecord,
  putJourney,
  putResult,
  readCurrentJourney,
  readJourney,
  readJourneyMeta,
  readPublishedGraph,
} from './scenario.repo.js';
import { sendTaskFailure, sendTaskSuccess, startExecution, stopExecution } from './sfn.js';
import { signNodeView } from './sign-node.js';

/**
 * A subscription's journey through its scenario (issue 13, deliverable 3; docs/subscriptions.md
 * "Scenario flows"): one Step Functions execution per run, the current human node with its task
 * token in the journey record, the node results beside it.
 *
 * State changes go through `commit`; the Step Functions calls that follow a commit (start, task
 * success or failure, stop) are the execution's own protocol and are made in the same request, so
 * that the next node is there when the investor's answer returns. Every commit comes first: a call
 * that fails after it leaves a durable record of what was decided.
 */

// ---- Reading a journey

/** The subscription, if the caller may see it: an investor their own, the team any of the tenant's. */
export const subscriptionFor = async (
  actor: Actor,
  role: Role,
  subscriptionId: string,
): Promise<SubscriptionRecord> => {
  const sub = await getSubscriptionRecord(actor.tenantId, subscriptionId);
  if (!sub || (role === 'LP' && sub.investorUserId !== actor.userId)) throw new DomainError('SUBSCRIPTION_NOT_EXISTS');
  return sub;
};

const nodeOf = (graph: ScenarioGraph, nodeId: string): ScenarioNode | undefined =>
  graph.nodes.find((n) => n.id === nodeId);

const progressOf = (graph: ScenarioGraph | undefined, journey: JourneyRecord | undefined): Progress =>
  !journey || !graph
    ? { status: 'NOT_STARTED', done: 0, total: 0 }
    : journeyProgress(graph, journey.status, journey.done, journey.currentNodeId);

const resultView = (r: NodeResultRecord): NodeResult => ({
  nodeId: r.nodeId,
  kind: r.kind as NodeResult['kind'],
  state: r.state,
  values: r.values,
  at: r.at,
});

/** The current node as the runner shows it: its view, prefill, saved draft and the progress. */
const currentNodeView = async (
  tenantId: string,
  sub: SubscriptionRecord,
  journey: JourneyRecord | undefined,
  results: Map<string, NodeResultRecord>,
): Promise<CurrentNode> => {
  const graph = journey ? await readPublishedGraph(tenantId, journey.scenarioId, journey.scenarioVersion) : undefined;
  const progress = progressOf(graph, journey);
  const node = graph && journey?.currentNodeId ? nodeOf(graph, journey.currentNodeId) : undefined;
  if (!node) return { subscriptionId: sub.subscriptionId, node: null, prefill: {}, progress };
  const prefill =
    node.kind === 'FORM' || node.kind === 'NODE_FORM' ? await prefillValues(tenantId, sub, node.elements) : {};
  const draft = results.get(node.id);
  // A sign node shows its e-signature project (made by the signing worker when the node opened).
  const signing =
    node.kind === 'SIGN' && journey
      ? await signNodeView(tenantId, sub.subscriptionId, journey.journeyId, node.id)
      : undefined;
  return {
    subscriptionId: sub.subscriptionId,
    node: signing ? { ...nodeView(node), signing } : nodeView(node),
    prefill,
    ...(draft && draft.state === 'DRAFT' ? { draft: draft.values } : {}),
    progress,
  };
};

export const getCurrentNode = async (actor: Actor, role: Role, subscriptionId: string): Promise<CurrentNode> => {
  const sub = await subscriptionFor(actor, role, subscriptionId);
  const { journey, results } = await readCurrentJourney(actor.tenantId, subscriptionId);
  return currentNodeView(actor.tenantId, sub, journey, results);
};

export const getProgress = async (actor: Actor, role: Role, subscriptionId: string): Promise<Progress> => {
  await subscriptionFor(actor, role, subscriptionId);
  const journey = await readJourneyMeta(actor.tenantId, subscriptionId);
  const graph = journey
    ? await readPublishedGraph(actor.tenantId, journey.scenarioId, journey.scenarioVersion)
    : undefined;
  return progressOf(graph, journey);
};

/** Results in journey order: done ones as completed, then drafts. */
const orderedResults = (journey: JourneyRecord, results: Map<string, NodeResultRecord>): NodeResult[] => {
  const order = new Map(journey.done.map((id, i) => [id, i]));
  return [...results.values()]
    .sort((a, b) => (order.get(a.nodeId) ?? 1e6) - (order.get(b.nodeId) ?? 1e6) || a.at.localeCompare(b.at))
    .map(resultView);
};

export const listNodeResults = async (actor: Actor, role: Role, subscriptionId: string) => {
  await subscriptionFor(actor, role, subscriptionId);
  const { journey, results } = await readJourney(actor.tenantId, subscriptionId);
  return { items: journey ? orderedResults(journey, results) : [] };
};

export const getFullScenario = async (actor: Actor, role: Role, subscriptionId: string) => {
  await subscriptionFor(actor, role, subscriptionId);
  const { journey, results } = await readJourney(actor.tenantId, subscriptionId);
  if (!journey) throw new DomainError('scenarioJourneyNotRunning');
  const graph = await readPublishedGraph(actor.tenantId, journey.scenarioId, journey.scenarioVersion);
  return {
    subscriptionId,
    scenarioId: journey.scenarioId,
    version: journey.scenarioVersion,
    interactionMode: graph.interactionMode,
    nodes: graph.nodes.map(nodeView),
    edges: graph.edges,
    results: orderedResults(journey, results),
    progress: progressOf(graph, journey),
  };
};

// ---- Starting (the consumer of the subscription's events) and restarting (back)

/** What the execution starts with: who, the subscription's routable fields, the kept results. */
const executionInput = (tenantId: string, j: JourneyRecord, results: Record<string, unknown>) => ({
  tenantId,
  subscriptionId: j.subscriptionId,
  journeyId: j.journeyId,
  subscription: j.subscription,
  results,
  ...(j.resumeAt ? { resumeAt: j.resumeAt } : {}),
});

/** Starts the run a committed journey record describes and records its execution. */
export const launch = async (actor: Actor, j: JourneyRecord, results: Record<string, unknown>): Promise<void> => {
  const executionArn = await startExecution(j.stateMachineArn, j.journeyId, executionInput(actor.tenantId, j, results));
  const stoppedBecause = await commit<string | undefined>(actor, async () => {
    const current = await readJourneyMeta(actor.tenantId, j.subscriptionId);
    // A newer run (back again) replaced this one meanwhile: nothing to record.
    if (!current || current.journeyId !== j.journeyId || current.executionArn === executionArn) {
      return { steps: [], events: [], result: undefined };
    }
    return {
      steps: [
        putJourney(
          actor.tenantId,
          { ...current, executionArn, version: current.version + 1, updatedAt: actor.at },
          current.version,
        ),
      ],
      events: [],
      result: current.stoppedAt ? (current.stopReason ?? 'The subscription ended') : undefined,
    };
  });
  // The subscription ended while this run was starting: the journey was marked stopped before its
  // execution was known (journey-stop.ts), so the execution is stopped here, once it is recorded.
  if (stoppedBecause) await stopExecution(executionArn, stoppedBecause);
};

/** Reads the journey and its graph for a step of the execution; a stale run (replaced by back) fails. */
const runOf = async (tenantId: string, subscriptionId: string, journeyId: string) => {
  const journey = await readJourneyMeta(tenantId, subscriptionId);
  if (!journey || journey.journeyId !== journeyId || journey.status !== 'RUNNING' || journey.stoppedAt) {
    throw Object.assign(new Error(`Journey run ${journeyId} of ${subscriptionId} is not the running one`), {
      name: 'StaleJourneyRun',
    });
  }
  const graph = await readPublishedGraph(tenantId, journey.scenarioId, journey.scenarioVersion);
  return { journey, graph };
};

export interface StepInput {
  tenantId: string;
  subscriptionId: string;
  journeyId: string;
  nodeId: string;
}

const journeyPayload = (j: JourneyRecord) => ({
  refId: j.subscriptionId,
  journeyId: j.journeyId,
  scenarioId: j.scenarioId,
  version: j.scenarioVersion,
});

/** The execution reached a human node: record it as current with its task token. */
export const openNode = async (actor: Actor, input: StepInput & { taskToken: string }): Promise<void> =>
  commit(actor, async () => {
    const { journey, graph } = await runOf(input.tenantId, input.subscriptionId, input.journeyId);
    const node = nodeOf(graph, input.nodeId);
    if (!node || !isHumanKind(node.kind)) throw new Error(`Node ${input.nodeId} is not a human node`);
    const party = ('party' in node && node.party) || 'INVESTOR';
    const next: JourneyRecord = {
      ...journey,
      currentNodeId: node.id,
      taskToken: input.taskToken,
      openedAt: actor.at,
      version: journey.version + 1,
      updatedAt: actor.at,
    };
    return {
      steps: [putJourney(actor.tenantId, next, journey.version)],
      events: [
        event('SCENARIO_NODE_OPENED', journey.subscriptionId, {
          ...journeyPayload(journey),
          nodeId: node.id,
          kind: node.kind,
          party,
          ...(node.stage ? { stage: node.stage } : {}),
        }),
      ],
      result: undefined,
    };
  });

/** Coerces a value to a writable field's declared type; undefined when it cannot be. */
const coerce = (type: string, value: unknown): string | number | boolean | undefined => {
  if (type === 'string') return value === undefined || value === null ? undefined : String(value);
  if (type === 'number')
    return typeof value === 'number'
      ? value
      : Number.isFinite(Number(value)) && value !== ''
        ? Number(value)
        : undefined;
  if (type === 'boolean') return typeof value === 'boolean' ? value : undefined;
  return undefined;
};

/**
 * A system node: change a declared subscription field, or ask for an email or inbox message (their
 * consumers send them). Run once per run and node: a retried Lambda finds it done.
 */
export const runSystemNode = async (
  actor: Actor,
  input: StepInput & { results?: Record<string, Record<string, unknown>> },
): Promise<void> =>
  commit(actor, async () => {
    const { journey, graph } = await runOf(input.tenantId, input.subscriptionId, input.journeyId);
    const node = nodeOf(graph, input.nodeId);
    const ran = (journey as JourneyRecord & { ran?: string[] }).ran ?? [];
    if (!node || ran.includes(node.id)) return { steps: [], events: [], result: undefined };
    const next = {
      ...journey,
      ran: [...ran, node.id],
      version: journey.version + 1,
      updatedAt: actor.at,
    } as JourneyRecord;
    const base = { ...journeyPayload(journey), nodeId: node.id };
    const events = [];
    if (node.kind === 'CHANGE_DB_VALUE') {
      const type = (SUBSCRIPTION_WRITABLE_FIELDS as Record<string, string>)[node.field];
      const raw =
        typeof node.value === 'object'
          ? input.results?.[node.value.fromResult.nodeId]?.[node.value.fromResult.field]
          : node.value;
      const value = type ? coerce(type, raw) : undefined;
      // Publishing refused fields off the list; a value of the wrong type from an answer is skipped.
      if (value !== undefined) {
        next.fields = { ...(journey.fields ?? {}), [node.field]: value };
        events.push(event('SCENARIO_FIELD_CHANGED', journey.subscriptionId, { ...base, field: node.field, value }));
      }
    } else if (node.kind === 'EMAIL') {
      const userIds = node.to === 'INVESTOR' ? [journey.investorUserId] : [];
      events.push(
        event('SCENARIO_EMAIL_REQUESTED', journey.subscriptionId, {
          ...base,
          to: node.to,
          subject: node.subject,
          body: node.body,
          userIds,
        }),
      );
    } else if (node.kind === 'INBOX') {
      const userIds = node.to === 'INVESTOR' ? [journey.investorUserId] : [];
      events.push(
        event('SCENARIO_INBOX_REQUESTED', journey.subscriptionId, {
          ...base,
          to: node.to,
          title: node.title,
          body: node.body,
          userIds,
        }),
      );
    }
    return { steps: [putJourney(actor.tenantId, next, journey.version)], events, result: undefined };
  });

/** The execution reached an end node: the journey is complete. */
export const finishJourney = async (actor: Actor, input: StepInput): Promise<void> =>
  commit(actor, async () => {
    const { journey } = await runOf(input.tenantId, input.subscriptionId, input.journeyId);
    const { currentNodeId: _c, taskToken: _t, ...rest } = journey;
    const next: JourneyRecord = { ...rest, status: 'COMPLETED', version: journey.version + 1, updatedAt: actor.at };
    return {
      steps: [putJourney(actor.tenantId, next, journey.version)],
      events: [
        event('SCENARIO_JOURNEY_COMPLETED', journey.subscriptionId, {
          ...journeyPayload(journey),
          nodeId: input.nodeId,
        }),
      ],
      result: undefined,
    };
  });

// ---- The investor's answers

interface Answer {
  subscriptionId: string;
  nodeId: string;
  values: NodeValues;
  draft?: boolean | undefined;
}

const formInvalid = (fields: FieldIssue[]) => new DomainError('scenarioFormInvalid', { fields });

/** Judges values for a node; returns what the execution gets. Throws the 4xx that names the fields. */
const judge = (node: ScenarioNode, values: NodeValues, draft: boolean): Record<string, unknown> => {
  switch (node.kind) {
    case 'FORM':
    case 'NODE_FORM': {
      const issues = checkFormValues(node.elements, values).filter((i) => !(draft && i.rule === 'required'));
      if (issues.length) throw formInvalid(issues);
      return routingValues(node, values);
    }
    case 'STATEMENT': {
      const unknown = Object.keys(values).filter((k) => !node.consents.some((c) => c.id === k));
      if (unknown.length)
        throw formInvalid(unknown.map((k) => ({ field: `values.${k}`, rule: 'unknown', message: 'No such consent' })));
      const notBoolean = Object.entries(values).filter(([, v]) => typeof v !== 'boolean');
      if (notBoolean.length)
        throw formInvalid(
          notBoolean.map(([k]) => ({ field: `values.${k}`, rule: 'type', message: 'Expected true or false' })),
        );
      if (!draft && !statementAssented(node, values)) {
        throw new DomainError('ASSENT_EMPTY', {
          fields: node.consents
            .filter((c) => values[c.id] !== true)
            .map((c) => ({ field: `values.${c.id}`, rule: 'required', message: 'Your consent is required.' })),
        });
      }
      return { ...values };
    }
    case 'SIGN':
      // A sign node is completed by its e-signature project (sign-node.ts), never by a confirmation:
      // a tick would otherwise stand in for a signature. Drafts (save and exit) keep nothing to judge.
      if (!draft)
        throw formInvalid([
          {
            field: 'values.confirmed',
            rule: 'signing',
            message: 'This step is completed by signing the documents electronically',
          },
        ]);
      return {};
    case 'VIEW_CUSTODIAN_DOCUMENTS': {
      const extra = Object.keys(values).filter((k) => k !== 'confirmed');
      if (extra.length)
        throw formInvalid(
          extra.map((k) => ({ field: `values.${k}`, rule: 'unknown', message: 'This step takes a confirmation only' })),
        );
      if (!draft && values.confirmed !== true)
        throw formInvalid([{ field: 'values.confirmed', rule: 'required', message: 'This field is required.' }]);
      return { confirmed: values.confirmed === true };
    }
    default:
      // Questionnaires are answered through /surveys/questions/action/submit (scored there).
      throw formInvalid([
        { field: 'nodeId', rule: 'useSurvey', message: 'A questionnaire is answered through the survey routes' },
      ]);
  }
};

/** How long an answer waits for the execution to open the next node before answering without it. */
const NEXT_NODE_WAIT_MS = 3_000;

/*
 * Polls the journey record alone (one key read) until the execution opened the next node, then reads
 * that node's saved draft: polling the whole partition read every result of the journey each time,
 * which grew with every step (the journey bench). Every 10 ms for the first 200 ms, when the next
 * node opens (the execution's Lambda commits it some tens of milliseconds after SendTaskSuccess):
 * the doubling pauses it replaces (5, 10, 20, 40, 80 ms) overslept an opening by up to 40 ms. Then
 * every 50 ms (a system node or a cold start) until the 3 s the answer waits at most.
 */
const waitForNext = async (tenantId: string, subscriptionId: string, journeyId: string | undefined) => {
  const started = Date.now();
  for (;;) {
    const j = await readJourneyMeta(tenantId, subscriptionId);
    const settled = !j || j.journeyId !== journeyId || j.status !== 'RUNNING' || j.currentNodeId !== undefined;
    const waited = Date.now() - started;
    if (settled || waited > NEXT_NODE_WAIT_MS) return readCurrentJourney(tenantId, subscriptionId, j);
    await new Promise((r) => setTimeout(r, waited < 200 ? 10 : 50));
  }
};

interface Decided {
  token?: string;
  journeyId: string;
  routing?: Record<string, unknown>;
}

/**
 * Records a node's result. A draft (save and exit) is kept without advancing; a final result is
 * judged, recorded, the node taken off the journey, and the execution sent the result. A node that
 * is not the current one answers 409 SCENARIO_NODE_NOT_CURRENT (a second tab, a replayed request).
 */
export const recordAnswer = async (
  actor: Actor,
  sub: SubscriptionRecord,
  answer: Answer,
  judgeNode: (
    node: ScenarioNode,
    draft: boolean,
  ) => { routing: Record<string, unknown>; stored: NodeValues; fail?: { score: number; passMark: number } },
  party?: { party: string; journeyId: string; steps: Step[] },
): Promise<{ decided: Decided; failed?: { score: number; passMark: number } }> => {
  const draft = answer.draft === true;
  return commit<{ decided: Decided; failed?: { score: number; passMark: number } }>(actor, async () => {
    const journey = await readJourneyMeta(actor.tenantId, sub.subscriptionId);
    if (journey?.status !== 'RUNNING' || journey.stoppedAt) throw new DomainError('scenarioJourneyNotRunning');
    if (journey.currentNodeId !== answer.nodeId || !journey.taskToken) {
      throw new DomainError('SCENARIO_NODE_NOT_CURRENT', {
        nodeId: answer.nodeId,
        ...(journey.currentNodeId ? { currentNodeId: journey.currentNodeId } : {}),
      });
    }
    const graph = await readPublishedGraph(actor.tenantId, journey.scenarioId, journey.scenarioVersion);
    const node = nodeOf(graph, answer.nodeId);
    if (!node) throw new DomainError('SCENARIO_NODE_NOT_CURRENT', { nodeId: answer.nodeId });
    const nodeParty = ('party' in node && node.party) || 'INVESTOR';
    if (nodeParty !== (party?.party ?? 'INVESTOR')) throw new DomainError('scenarioNodeForAnotherParty');
    // A link names the run it was issued for: after "back" the step is a new one, with a new link.
    if (party && party.journeyId !== journey.journeyId) throw new DomainError('TEMP_TOKEN_EXPIRED');
    const { routing, stored, fail } = judgeNode(node, draft);
    const result: NodeResultRecord = {
      nodeId: node.id,
      kind: node.kind,
      state: fail ? 'FAILED' : draft ? 'DRAFT' : 'DONE',
      values: stored,
      ...(draft ? {} : { routing }),
      at: actor.at,
      by: actor.userId,
    };
    const base = { ...journeyPayload(journey), nodeId: node.id };
    if (draft) {
      // The journey's version is checked (and moved) so a draft never lands on a node that moved on.
      return {
        steps: [
          putResult(actor.tenantId, sub.subscriptionId, result),
          putJourney(
            actor.tenantId,
            { ...journey, version: journey.version + 1, updatedAt: actor.at },
            journey.version,
          ),
        ],
        events: [],
        result: { decided: { journeyId: journey.journeyId } },
      };
    }
    const { currentNodeId: _c, taskToken, ...rest } = journey;
    const next: JourneyRecord = {
      ...rest,
      ...(fail ? { status: 'FAILED' as const } : { done: [...journey.done, node.id] }),
      version: journey.version + 1,
      updatedAt: actor.at,
    };
    return {
      steps: [
        putResult(actor.tenantId, sub.subscriptionId, result),
        putJourney(actor.tenantId, next, journey.version),
        ...(party?.steps ?? []),
      ],
      events: [
        fail
          ? event('SCENARIO_NOT_PASSED', sub.subscriptionId, { ...base, ...fail })
          : event('SCENARIO_NODE_COMPLETED', sub.subscriptionId, {
              ...base,
              kind: node.kind,
              ...(typeof routing.score === 'number' ? { score: routing.score } : {}),
            }),
      ],
      result: {
        decided: { token: taskToken, journeyId: journey.journeyId, routing },
        ...(fail ? { failed: fail } : {}),
      },
    };
  });
};

/** After the commit: tell the execution, then answer with the node that comes next. */
export const advance = async (actor: Actor, sub: SubscriptionRecord, decided: Decided, draft: boolean) => {
  if (decided.token && decided.routing) await sendTaskSuccess(decided.token, decided.routing);
  const { journey, results } = draft
    ? await readCurrentJourney(actor.tenantId, sub.subscriptionId)
    : await waitForNext(actor.tenantId, sub.subscriptionId, decided.journeyId);
  return { saved: true as const, draft, next: await currentNodeView(actor.tenantId, sub, journey, results) };
};

/** Judges a node's values (the form rules, consents, confirmations). */
export const judgeValues = judge;

export const submitNodeResult = async (actor: Actor, role: Role, answer: Answer) => {
  const sub = await subscriptionFor(actor, role, answer.subscriptionId);
  const { decided } = await recordAnswer(actor, sub, answer, (node, draft) => ({
    routing: judge(node, answer.values, draft),
    stored: answer.values,
  }));
  return advance(actor, sub, decided, answer.draft === true);
};

/**
 * A questionnaire's answers: scored; at or above the pass mark the journey moves on; below it the
 * result is kept as FAILED, the journey ends (the execution gets a ScenarioNotPassed failure) and the
 * answer is 422 SCENARIO_NOT_PASSED with the score (the subscription then fails its risk assessment).
 */
export const submitQuestionnaire = async (
  actor: Actor,
  role: Role,
  body: { subscriptionId: string; nodeId: string; answers: Record<string, string[]> },
) => {
  const sub = await subscriptionFor(actor, role, body.subscriptionId);
  const { decided, failed } = await recordAnswer(
    actor,
    sub,
    { subscriptionId: body.subscriptionId, nodeId: body.nodeId, values: body.answers },
    (node) => {
      if (node.kind !== 'QUESTIONNAIRE')
        throw formInvalid([{ field: 'nodeId', rule: 'notQuestionnaire', message: 'This step is not a questionnaire' }]);
      const scored = scoreSurvey(node, body.answers);
      if (scored.issues.length) throw formInvalid(scored.issues);
      const routing: Record<string, unknown> = { score: scored.score };
      for (const q of node.questions) routing[q.id] = q.multiple ? body.answers[q.id] : body.answers[q.id]?.[0];
      return {
        routing,
        stored: body.answers,
        ...(scored.passed ? {} : { fail: { score: scored.score, passMark: scored.passMark } }),
      };
    },
  );
  if (failed) {
    if (decided.token)
      await sendTaskFailure(
        decided.token,
        'ScenarioNotPassed',
        `Score ${failed.score} is below the pass mark ${failed.passMark}`,
      );
    throw new DomainError('SCENARIO_NOT_PASSED', {
      nodeId: body.nodeId,
      score: failed.score,
      passMark: failed.passMark,
    });
  }
  return advance(actor, sub, decided, false);
};

export const getQuestionnaire = async (actor: Actor, role: Role, subscriptionId: string, nodeId: string) => {
  await subscriptionFor(actor, role, subscriptionId);
  const { journey, results } = await readJourney(actor.tenantId, subscriptionId);
  if (!journey) throw new DomainError('scenarioJourneyNotRunning');
  const graph = await readPublishedGraph(actor.tenantId, journey.scenarioId, journey.scenarioVersion);
  const node = nodeOf(graph, nodeId);
  if (node?.kind !== 'QUESTIONNAIRE' || (journey.currentNodeId !== nodeId && !journey.done.includes(nodeId))) {
    throw new DomainError('SCENARIO_NODE_NOT_CURRENT', { nodeId });
  }
  const view = nodeView(node) as unknown as Pick<NodeOfKind<'QUESTIONNAIRE'>, 'questions'>;
  const saved = results.get(nodeId);
  return {
    subscriptionId,
    nodeId,
    questions: view.questions,
    ...(saved ? { answers: saved.values as Record<string, string[]> } : {}),
  };
};

/** Clears the saved answers of the current questionnaire (nothing to clear is fine). */
export const clearQuestionnaire = async (actor: Actor, role: Role, subscriptionId: string, nodeId: string) => {
  await subscriptionFor(actor, role, subscriptionId);
  return commit(actor, async () => {
    const { journey, results } = await readJourney(actor.tenantId, subscriptionId);
    if (journey?.status !== 'RUNNING') throw new DomainError('scenarioJourneyNotRunning');
    if (journey.currentNodeId !== nodeId) throw new DomainError('SCENARIO_NODE_NOT_CURRENT', { nodeId });
    const steps: Step[] = results.has(nodeId)
      ? [
          deleteResult(actor.tenantId, subscriptionId, nodeId),
          putJourney(
            actor.tenantId,
            { ...journey, version: journey.version + 1, updatedAt: actor.at },
            journey.version,
          ),
        ]
      : [];
    return { steps, events: [], result: { cleared: true as const } };
  });
};

/** Subscription statuses in which the investor may still change their answers. */
const EDITABLE = new Set([
  'REVIEW',
  'RESERVED',
  'INVESTING',
  'ASSESS_RISK',
  'RISK_ASSESSED',
  'SIGN',
  'CONFIRM_SUBSCRIPTION',
]);

/**
 * Back: reopens a done node. Decision (docs/subscriptions.md "Scenario flows"): a Step Functions
 * execution cannot move backwards, so the run is replaced: the journey keeps the results done before
 * that node, the node's result and every later one become drafts (the investor sees their answers
 * again), the running execution is stopped and a new one starts at the node (`resumeAt`, the compiled
 * definition's entry Choice) with the kept results, so routers after it decide on the same data.
 * Nothing after a signature can be reopened: the signed documents would no longer match.
 */
export const deleteNodeResult = async (
  actor: Actor,
  role: Role,
  body: { subscriptionId: string; nodeId: string },
  /** The manager's reset (/biteflow/delete-scenario-node-result): the same rewind, with their reason audited. */
  reset?: { reason: string },
): Promise<CurrentNode> => {
  const sub = await subscriptionFor(actor, role, body.subscriptionId);
  const { replaced, next, kept } = await commit(actor, async () => {
    const { journey, results } = await readJourney(actor.tenantId, sub.subscriptionId);
    if (!journey || journey.status === 'FAILED') throw new DomainError('scenarioJourneyNotRunning');
    const index = journey.done.indexOf(body.nodeId);
    if (index < 0) throw new DomainError('scenarioNodeNotDone', { nodeId: body.nodeId });
    const reopened = journey.done.slice(index);
    const graph = await readPublishedGraph(actor.tenantId, journey.scenarioId, journey.scenarioVersion);
    const signed = reopened.some((id) => nodeOf(graph, id)?.kind === 'SIGN') && sub.signatures.length > 0;
    if (signed || !EDITABLE.has(sub.status)) throw new DomainError('scenarioBackNotAllowed', { nodeId: body.nodeId });
    const { currentNodeId: _c, taskToken: _t, executionArn: _e, ...rest } = journey;
    const nextJourney: JourneyRecord = {
      ...rest,
      journeyId: newId(),
      resumeAt: body.nodeId,
      status: 'RUNNING',
      done: journey.done.slice(0, index),
      version: journey.version + 1,
      updatedAt: actor.at,
    };
    delete (nextJourney as JourneyRecord & { ran?: string[] }).ran;
    const keptRouting: Record<string, unknown> = {};
    for (const id of nextJourney.done) keptRouting[id] = results.get(id)?.routing ?? {};
    // The replaced run's sign node sent its agreement for signing: the new run asks again (a new
    // project when it reaches the node), so this one is voided by the journey worker (scenarioEnds).
    const agreement = await readSubscriptionSigning(actor.tenantId, sub.subscriptionId, 'AGREEMENT');
    const voidProjectId =
      agreement?.state === 'SENT' && agreement.journeyId === journey.journeyId ? agreement.projectId : undefined;
    return {
      steps: [
        putJourney(actor.tenantId, nextJourney, journey.version),
        ...reopened.flatMap((id) => {
          const r = results.get(id);
          return r
            ? [putResult(actor.tenantId, sub.subscriptionId, { ...r, state: 'DRAFT', at: actor.at, by: actor.userId })]
            : [];
        }),
      ],
      events: [
        event('SCENARIO_JOURNEY_REWOUND', sub.subscriptionId, {
          ...journeyPayload(nextJourney),
          nodeId: body.nodeId,
          reopened,
          ...(reset ? { resetBy: actor.userId, reason: reset.reason } : {}),
          ...(voidProjectId ? { voidProjectId } : {}),
        }),
        // A manager's reset tells the investor (their inbox, in their language), with the reason.
        ...(reset
          ? [
              event('SUBSCRIPTION_STEP_RESET', sub.subscriptionId, {
                refId: sub.subscriptionId,
                userIds: [sub.investorUserId],
                fund: sub.fund,
                reason: reset.reason,
              }),
            ]
          : []),
      ],
      result: { replaced: journey, next: nextJourney, kept: keptRouting },
    };
  });
  if (replaced.executionArn && replaced.status === 'RUNNING')
    await stopExecution(replaced.executionArn, 'The investor went back to an earlier step');
  await launch(actor, next, kept);
  const { journey, results } = await waitForNext(actor.tenantId, sub.subscriptionId, next.journeyId);
  return currentNodeView(actor.tenantId, sub, journey, results);
};

/** For the NIGO check and the case page: what of the journey is still missing. */
export const journeyGaps = async (
  tenantId: string,
  subscriptionId: string,
): Promise<{ step: string; field: string }[]> => {
  const journey = await readJourneyMeta(tenantId, subscriptionId);
  if (!journey) return [{ step: 'scenario', field: 'journey' }];
  if (journey.status === 'COMPLETED') return [];
  return [{ step: journey.currentNodeId ?? 'scenario', field: journey.status === 'FAILED' ? 'failed' : 'incomplete' }];
};

/** The actor of a step of the execution or of a temp-token link: no session, the tenant's, now. */
export const nowActor = (tenantId: string, requestId: string, userId = 'SYSTEM'): Actor => ({
  tenantId,
  userId,
  requestId,
  at: clock.nowIso(),
});
