import type { FieldIssue } from '../errors/catalogue.js';
import {
  isHumanKind,
  type JourneyStatus,
  type NodeOfKind,
  type NodeView,
  type Progress,
  type ScenarioGraph,
  type ScenarioNode,
} from './scenario.schema.js';
import { successors } from './validate.js';

/**
 * The journey's rules that need no I/O: survey scoring, progress, what the investor may see of a
 * node. Used by the API (functions/src/scenario) and the web alike.
 */

export interface SurveyScore {
  score: number;
  passMark: number;
  passed: boolean;
  /** Questions left unanswered or answered with several options where one is asked. */
  issues: FieldIssue[];
}

/**
 * Scores a questionnaire: the sum of the chosen options' scores; passed when at least the pass mark.
 * Every question must be answered (one option, or at least one where several are allowed).
 */
export const scoreSurvey = (
  node: NodeOfKind<'QUESTIONNAIRE'>,
  answers: Readonly<Record<string, readonly string[]>>,
): SurveyScore => {
  const issues: FieldIssue[] = [];
  let score = 0;
  for (const q of node.questions) {
    const chosen = answers[q.id] ?? [];
    const field = `answers.${q.id}`;
    if (chosen.length === 0) {
      issues.push({ field, rule: 'required', message: 'This field is required.' });
      continue;
    }
    if (!q.multiple && chosen.length > 1) issues.push({ field, rule: 'single', message: 'Choose one answer' });
    if (new Set(chosen).size !== chosen.length)
      issues.push({ field, rule: 'duplicate', message: 'An answer is chosen twice' });
    for (const value of chosen) {
      const option = q.options.find((o) => o.value === value);
      if (!option) issues.push({ field, rule: 'option', message: `"${value}" is not one of the options` });
      else score += option.score;
    }
  }
  for (const id of Object.keys(answers)) {
    if (!node.questions.some((q) => q.id === id))
      issues.push({ field: `answers.${id}`, rule: 'unknown', message: 'No such question' });
  }
  return { score, passMark: node.passMark, passed: issues.length === 0 && score >= node.passMark, issues };
};

/** What the investor sees of a node: a questionnaire without its scores and pass mark. */
export const nodeView = (node: ScenarioNode): NodeView => {
  if (node.kind === 'QUESTIONNAIRE') {
    const { passMark: _hidden, questions, ...rest } = node;
    return {
      ...rest,
      questions: questions.map((q) => ({ ...q, options: q.options.map(({ score: _s, ...o }) => o) })),
    } as NodeView;
  }
  if (node.kind === 'FORM' || node.kind === 'NODE_FORM') {
    // HIDDEN fields are never shown: they are not sent either.
    return { ...node, elements: node.elements.filter((e) => e.requirement !== 'HIDDEN') } as NodeView;
  }
  const { position: _p, ...rest } = node as ScenarioNode & { position?: unknown };
  return rest as NodeView;
};

/**
 * The human nodes on the longest remaining path from `from` (exclusive): how many steps may still
 * come. The graph is acyclic (validate.ts), so this terminates; routers count their longest branch,
 * so the bar never goes backwards by more than the branch actually taken changes.
 */
const remainingHuman = (graph: ScenarioGraph, from: string, memo = new Map<string, number>()): number => {
  const cached = memo.get(from);
  if (cached !== undefined) return cached;
  const node = graph.nodes.find((n) => n.id === from);
  if (!node) return 0;
  let best = 0;
  for (const s of successors(graph, node)) {
    const target = graph.nodes.find((n) => n.id === s);
    best = Math.max(best, (target && isHumanKind(target.kind) ? 1 : 0) + remainingHuman(graph, s, memo));
  }
  memo.set(from, best);
  return best;
};

/**
 * Progress as steps done / total: done = human nodes with a completed result; total = done + the
 * current node + the longest path of human nodes after it (the branch not yet known counts at its
 * longest). A finished journey is done/done.
 */
export const journeyProgress = (
  graph: ScenarioGraph,
  status: JourneyStatus,
  doneNodeIds: readonly string[],
  currentNodeId: string | undefined,
): Progress => {
  const done = doneNodeIds.length;
  if (status === 'COMPLETED') return { status, done, total: done };
  if (status === 'NOT_STARTED') {
    const start = graph.nodes.find((n) => n.kind === 'START');
    return { status, done: 0, total: start ? remainingHuman(graph, start.id) : 0 };
  }
  if (!currentNodeId) return { status, done, total: done };
  return { status, done, total: done + 1 + remainingHuman(graph, currentNodeId), currentNodeId };
};
