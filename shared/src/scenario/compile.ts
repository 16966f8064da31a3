import { type Condition, isHumanKind, isSystemKind, type ScenarioGraph, type ScenarioNode } from './scenario.schema.js';
import { successors } from './validate.js';

/**
 * Compiles a validated scenario graph to Amazon States Language (issue 13, deliverable 3):
 * - human nodes: `arn:aws:states:::lambda:invoke.waitForTaskToken` tasks calling `scenario/open-node`,
 *   which records the node as current with its task token; the API sends the node's result with
 *   SendTaskSuccess, and the state stores it at `$.results.<nodeId>` for the routers after it;
 * - routers: Choice states over `$.results.<nodeId>.<field>` or `$.subscription.<field>`;
 * - system nodes (change DB value, email, inbox): `arn:aws:states:::lambda:invoke` tasks calling
 *   `scenario/run-system-node`;
 * - end nodes: a task calling `scenario/finish-journey`, then the execution succeeds.
 *
 * The first state, `Resume-entry`, is a Choice on `$.resumeAt`: an execution started with it jumps to
 * that human node with the kept results in `$.results`. That is how "back" keeps the execution
 * consistent (docs/subscriptions.md "Scenario flows"): the running execution is stopped and a new one
 * starts at the node the investor went back to, replaying nothing the investor has to redo.
 *
 * Lambda resources are `${fn:<module>}` placeholders (shared/src/infra/state-machines.ts): the local
 * facade resolves them in process; on AWS the publishing function substitutes the deployed ARNs.
 */

export const SCENARIO_FUNCTIONS = {
  openNode: 'scenario/open-node',
  runSystemNode: 'scenario/run-system-node',
  finishJourney: 'scenario/finish-journey',
} as const;

/** Not a node id (node ids take no hyphen), so it never clashes with one. */
export const RESUME_STATE = 'Resume-entry';

type Json = Record<string, unknown>;

const fn = (module: string) => `\${fn:${module}}`;

/** The payload every task gets: who the journey is for, and which node. */
const payloadOf = (node: ScenarioNode): Json => ({
  'tenantId.$': '$.tenantId',
  'subscriptionId.$': '$.subscriptionId',
  'journeyId.$': '$.journeyId',
  nodeId: node.id,
  kind: node.kind,
});

const variableOf = (c: Condition): string =>
  c.source === 'RESULT' ? `$.results.${c.nodeId}.${c.field}` : `$.subscription.${c.field}`;

const compare = (variable: string, op: Condition['op'], value: unknown): Json => {
  if (op === 'PRESENT') return { Variable: variable, IsPresent: true };
  if (op === 'IN') {
    const values = Array.isArray(value) ? value : [];
    return { Or: values.map((v) => ({ Variable: variable, StringEquals: String(v) })) };
  }
  if (op === 'NEQ') return { Not: compare(variable, 'EQ', value) };
  if (op === 'EQ') {
    if (typeof value === 'boolean') return { Variable: variable, BooleanEquals: value };
    if (typeof value === 'number') return { Variable: variable, NumericEquals: value };
    return { Variable: variable, StringEquals: String(value) };
  }
  const numeric = {
    GT: 'NumericGreaterThan',
    GTE: 'NumericGreaterThanEquals',
    LT: 'NumericLessThan',
    LTE: 'NumericLessThanEquals',
  }[op];
  return { Variable: variable, [numeric]: Number(value) };
};

/**
 * One Choice rule. Step Functions fails the execution when a Variable's path is missing, so each
 * comparison first asks whether the value is there (an optional field left empty matches no branch
 * and goes to `otherwise`).
 */
const choiceRule = (c: Condition, next: string): Json => {
  const variable = variableOf(c);
  const test = compare(variable, c.op, c.value);
  // Or with an empty list is invalid ASL; the validator refuses IN without values before this runs.
  if (c.op === 'PRESENT') return { ...test, Next: next };
  // Typed comparisons also need the right type at run time, else a string compared numerically fails.
  const typed =
    c.op === 'EQ' && typeof c.value === 'boolean'
      ? { Variable: variable, IsBoolean: true }
      : ['GT', 'GTE', 'LT', 'LTE'].includes(c.op) || (c.op === 'EQ' && typeof c.value === 'number')
        ? { Variable: variable, IsNumeric: true }
        : c.op === 'NEQ'
          ? undefined
          : { Variable: variable, IsString: true };
  return { And: [{ Variable: variable, IsPresent: true }, ...(typed ? [typed] : []), test], Next: next };
};

export interface CompiledScenario {
  definition: Json;
  /** Human node ids in a stable order (the resume Choice's rules). */
  humanNodes: string[];
}

export const compileScenario = (graph: ScenarioGraph): CompiledScenario => {
  const states: Json = {};
  const start = graph.nodes.find((n) => n.kind === 'START');
  if (!start) throw new Error('A scenario without a start node cannot be compiled (validate first)');
  const next = (node: ScenarioNode): string => {
    const [to] = successors(graph, node);
    if (!to) throw new Error(`Node ${node.id} has no next node (validate first)`);
    return to;
  };
  const humanNodes: string[] = [];
  for (const node of graph.nodes) {
    if (node.kind === 'START') {
      states[node.id] = { Type: 'Pass', Next: next(node) };
    } else if (isHumanKind(node.kind)) {
      humanNodes.push(node.id);
      states[node.id] = {
        Type: 'Task',
        Comment: `${node.kind}: waits until the result is submitted`,
        Resource: 'arn:aws:states:::lambda:invoke.waitForTaskToken',
        Parameters: {
          FunctionName: fn(SCENARIO_FUNCTIONS.openNode),
          Payload: { ...payloadOf(node), 'taskToken.$': '$$.Task.Token' },
        },
        ResultPath: `$.results.${node.id}`,
        Next: next(node),
      };
    } else if (isSystemKind(node.kind)) {
      states[node.id] = {
        Type: 'Task',
        Comment: `${node.kind}: run by the platform`,
        Resource: 'arn:aws:states:::lambda:invoke',
        Parameters: {
          FunctionName: fn(SCENARIO_FUNCTIONS.runSystemNode),
          Payload: { ...payloadOf(node), 'results.$': '$.results' },
        },
        ResultPath: null,
        Next: next(node),
      };
    } else if (node.kind === 'ROUTER') {
      states[node.id] = {
        Type: 'Choice',
        Choices: node.branches.map((b) => choiceRule(b.when, b.to)),
        ...(node.otherwise ? { Default: node.otherwise } : {}),
      };
    } else if (node.kind === 'END') {
      states[node.id] = {
        Type: 'Task',
        Resource: 'arn:aws:states:::lambda:invoke',
        Parameters: { FunctionName: fn(SCENARIO_FUNCTIONS.finishJourney), Payload: payloadOf(node) },
        ResultPath: null,
        End: true,
      };
    }
  }
  states[RESUME_STATE] = {
    Type: 'Choice',
    Comment: 'A restarted journey (back) resumes at the node named in $.resumeAt',
    Choices: humanNodes.map((id) => ({
      And: [
        { Variable: '$.resumeAt', IsPresent: true },
        { Variable: '$.resumeAt', StringEquals: id },
      ],
      Next: id,
    })),
    Default: start.id,
  };
  // A Choice needs at least one rule: a journey without human nodes starts at the start directly.
  if (humanNodes.length === 0) states[RESUME_STATE] = { Type: 'Pass', Next: start.id };
  return {
    definition: {
      Comment: 'A Tranche scenario version (shared/src/scenario/compile.ts)',
      StartAt: RESUME_STATE,
      States: states,
    },
    humanNodes,
  };
};
