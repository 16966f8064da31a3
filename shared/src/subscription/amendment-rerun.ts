import type { Condition, NodeOfKind, ScenarioGraph, ScenarioNode } from '../scenario/scenario.schema.js';
import { successors } from '../scenario/validate.js';

/**
 * When an amendment cannot simply replace answers (issue 13, deliverable 9; docs/subscriptions.md
 * "Amendments that change the journey"). **The rule is ours:** an amendment of a submitted package
 * replaces the changed form steps' answers in place, which is only sound while the journey those
 * answers drove stays the same. It does not when
 * - a router the journey passed would now take another branch (other steps would be asked, or some
 *   asked would not be), or
 * - the amount changes after the subscription agreement was signed (the signed agreement states the
 *   old amount).
 * Then the journey must run again from the first affected step and the agreement be signed again;
 * this module names those steps. Pure: the Choice rules are judged as the compiled state machine
 * judges them (compile.ts: a value must be present and of the comparison's type).
 */

export interface RoutingInput {
  /** `$.results`: each done node's routing values (amounts as numbers). */
  results: Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>;
  /** `$.subscription`: the routable copy of the subscription (amount as a number). */
  subscription: Readonly<Record<string, unknown>>;
}

const conditionValue = (c: Condition, input: RoutingInput): unknown =>
  c.source === 'RESULT' ? input.results[c.nodeId ?? '']?.[c.field] : input.subscription[c.field];

const equals = (actual: unknown, expected: unknown): boolean => {
  if (typeof expected === 'boolean') return actual === expected;
  if (typeof expected === 'number') return typeof actual === 'number' && actual === expected;
  return typeof actual === 'string' && actual === String(expected);
};

/** Whether a router's condition holds, as Step Functions decides the compiled Choice rule. */
export const conditionHolds = (c: Condition, input: RoutingInput): boolean => {
  const actual = conditionValue(c, input);
  if (actual === undefined) return false;
  switch (c.op) {
    case 'PRESENT':
      return true;
    case 'EQ':
      return equals(actual, c.value);
    case 'NEQ':
      return !equals(actual, c.value);
    case 'IN':
      return typeof actual === 'string' && Array.isArray(c.value) && c.value.map(String).includes(actual);
    default: {
      if (typeof actual !== 'number') return false;
      const limit = Number(c.value);
      if (c.op === 'GT') return actual > limit;
      if (c.op === 'GTE') return actual >= limit;
      if (c.op === 'LT') return actual < limit;
      return actual <= limit;
    }
  }
};

/** The node a router sends the journey to: its first branch that holds, else `otherwise`. */
export const routerDecision = (router: NodeOfKind<'ROUTER'>, input: RoutingInput): string | undefined =>
  router.branches.find((b) => conditionHolds(b.when, input))?.to ?? router.otherwise;

export interface RerunNeed {
  /** Routers the journey passed that would now decide otherwise, in the order passed. */
  routers: string[];
  /** Done sign nodes whose signed agreement states an amount the amendment changes. */
  signNodes: string[];
  /** The first step the journey would have to run again from (a done human node), if any. */
  from?: string;
}

/**
 * What of the journey an amendment affects. `before`: the routing input the journey ran with; `after`:
 * the same with the amended answers (and amount). `done`: the human nodes completed, in order. The
 * path is walked from the start as the execution ran it (routers decided on `before`).
 */
export const amendmentRerun = (
  graph: ScenarioGraph,
  done: readonly string[],
  before: RoutingInput,
  after: RoutingInput,
  amountChanged: boolean,
): RerunNeed => {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const routers: string[] = [];
  const passed: string[] = [];
  let node: ScenarioNode | undefined = graph.nodes.find((n) => n.kind === 'START');
  const seen = new Set<string>();
  while (node && node.kind !== 'END' && !seen.has(node.id)) {
    seen.add(node.id);
    passed.push(node.id);
    let next: string | undefined;
    if (node.kind === 'ROUTER') {
      next = routerDecision(node, before);
      if (next !== routerDecision(node, after)) routers.push(node.id);
    } else {
      [next] = successors(graph, node);
    }
    node = next ? byId.get(next) : undefined;
  }
  const signNodes = amountChanged ? done.filter((id) => byId.get(id)?.kind === 'SIGN') : [];
  // The first done step after the first affected router, or the first affected sign node.
  const firstRouter = routers[0] ? passed.indexOf(routers[0]) : -1;
  const afterRouter = firstRouter < 0 ? undefined : done.find((id) => passed.indexOf(id) > firstRouter);
  const candidates = [afterRouter, signNodes[0]].filter((id): id is string => id !== undefined);
  const from = candidates.sort((a, b) => done.indexOf(a) - done.indexOf(b))[0];
  return { routers, signNodes, ...(from ? { from } : {}) };
};
