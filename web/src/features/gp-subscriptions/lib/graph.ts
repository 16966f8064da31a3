import type {
  FormElement,
  NodeKind,
  ScenarioGraph,
  ScenarioIssue,
  ScenarioNode,
} from '@tranche/shared/scenario/scenario.schema';

export interface Point {
  x: number;
  y: number;
}

const COLUMN = 260;
const ROW = 120;

/**
 * Where each node is drawn: its saved position, else a layered layout (ours) by the length of the
 * longest path from the start, so a journey reads top to bottom and a router's branches side by side.
 * Nodes no path reaches (an orphan the validation will name) go in a last row.
 */
export const layout = (graph: ScenarioGraph): Record<string, Point> => {
  const next = new Map<string, string[]>();
  const add = (from: string, to: string) => next.set(from, [...(next.get(from) ?? []), to]);
  for (const e of graph.edges) add(e.from, e.to);
  for (const n of graph.nodes) {
    if (n.kind !== 'ROUTER') continue;
    for (const b of n.branches) add(n.id, b.to);
    if (n.otherwise) add(n.id, n.otherwise);
  }
  const depth = new Map<string, number>();
  const start = graph.nodes.find((n) => n.kind === 'START');
  // Longest-path layering over a graph validation keeps acyclic; the visit cap stops a cycle drawn mid-edit.
  const queue: [string, number][] = start ? [[start.id, 0]] : [];
  let visits = 0;
  while (queue.length && visits < graph.nodes.length * graph.nodes.length + 10) {
    visits += 1;
    const [id, d] = queue.shift() as [string, number];
    if ((depth.get(id) ?? -1) >= d) continue;
    depth.set(id, d);
    for (const to of next.get(id) ?? []) queue.push([to, d + 1]);
  }
  const maxDepth = Math.max(0, ...depth.values());
  const perRow = new Map<number, number>();
  const out: Record<string, Point> = {};
  for (const n of graph.nodes) {
    const row = depth.get(n.id) ?? maxDepth + 1;
    const column = perRow.get(row) ?? 0;
    perRow.set(row, column + 1);
    out[n.id] = n.position ?? { x: column * COLUMN, y: row * ROW };
  }
  return out;
};

/** The validation's issues by the node they name (an edge's issue goes to the node it leaves). */
export const issuesByNode = (graph: ScenarioGraph, issues: readonly ScenarioIssue[]): Map<string, string[]> => {
  const out = new Map<string, string[]>();
  const push = (id: string, message: string) => out.set(id, [...(out.get(id) ?? []), message]);
  for (const issue of issues) {
    if (issue.nodeId) push(issue.nodeId, issue.message);
    else if (issue.edgeId) {
      const edge = graph.edges.find((e) => e.id === issue.edgeId);
      if (edge) push(edge.from, issue.message);
    }
  }
  return out;
};

/** The graph with one node replaced (the editor edits one node at a time). */
export const replaceNode = (graph: ScenarioGraph, node: ScenarioNode): ScenarioGraph => ({
  ...graph,
  nodes: graph.nodes.map((n) => (n.id === node.id ? node : n)),
});

/** Saved positions from the drawing, so the next load draws the graph as the author arranged it. */
export const withPositions = (graph: ScenarioGraph, positions: Record<string, Point>): ScenarioGraph => ({
  ...graph,
  nodes: graph.nodes.map((n) => {
    const p = positions[n.id];
    return p ? { ...n, position: { x: Math.round(p.x), y: Math.round(p.y) } } : n;
  }),
});

// ---- Graph edits (pure: the editor's graph panel and step panel call them; graph.test.ts)

/** The kinds an author adds (one start per scenario: it is never added, nor removed). */
export const ADDABLE_KINDS = [
  'FORM',
  'NODE_FORM',
  'STATEMENT',
  'QUESTIONNAIRE',
  'SIGN',
  'VIEW_CUSTODIAN_DOCUMENTS',
  'ROUTER',
  'CHANGE_DB_VALUE',
  'EMAIL',
  'INBOX',
  'END',
] as const satisfies readonly NodeKind[];
export type AddableKind = (typeof ADDABLE_KINDS)[number];

/** Why an edit was refused (the editor says it in the reader's language). */
export type EditRefusal = 'startFixed' | 'endHasNoNext' | 'selfLoop';

export type EditResult = { graph: ScenarioGraph; refused?: undefined } | { graph?: undefined; refused: EditRefusal };

/** A free id `<stem><n>` among `taken` (ids are also JSONPath segments and ASL state names: letters and digits). */
export const freeId = (stem: string, taken: Iterable<string>): string => {
  const used = new Set(taken);
  let n = 1;
  while (used.has(`${stem}${n}`)) n += 1;
  return `${stem}${n}`;
};

const both = (en: string, zh: string) => ({ en, 'zh-CN': zh });

const STEMS: Record<AddableKind, string> = {
  FORM: 'form',
  NODE_FORM: 'profileForm',
  STATEMENT: 'statement',
  QUESTIONNAIRE: 'questionnaire',
  SIGN: 'sign',
  VIEW_CUSTODIAN_DOCUMENTS: 'documents',
  ROUTER: 'router',
  CHANGE_DB_VALUE: 'change',
  EMAIL: 'email',
  INBOX: 'inbox',
  END: 'end',
};

/**
 * A new node of `kind` with the least content its schema takes, so the draft saves at once and the
 * author fills it in: both languages of every text, one field, consent, question (two options) or
 * branch. A router's first branch and a change-DB-value node are made valid against the scenario's
 * own data (a subscription field; the first writable field).
 */
export const newNode = (kind: AddableKind, id: string, position?: Point): ScenarioNode => {
  const at = position ? { position: { x: Math.round(position.x), y: Math.round(position.y) } } : {};
  const title = both('New step', '新步骤');
  switch (kind) {
    case 'FORM':
    case 'NODE_FORM':
      return {
        id,
        kind,
        title,
        ...at,
        elements: [
          {
            id: 'field1',
            element: 'INPUT',
            fieldType: 'text',
            label: both('New field', '新字段'),
            requirement: 'OPTIONAL',
          },
        ],
      };
    case 'STATEMENT':
      return {
        id,
        kind,
        title,
        ...at,
        body: both('Please read and confirm.', '请阅读并确认。'),
        consents: [{ id: 'consent1', label: both('I confirm', '我确认') }],
      };
    case 'QUESTIONNAIRE':
      return {
        id,
        kind,
        title,
        ...at,
        passMark: 1,
        questions: [
          {
            id: 'question1',
            label: both('New question', '新问题'),
            multiple: false,
            options: [
              { value: 'yes', label: both('Yes', '是'), score: 1 },
              { value: 'no', label: both('No', '否'), score: 0 },
            ],
          },
        ],
      };
    case 'SIGN':
      return {
        id,
        kind,
        title,
        ...at,
        documentTitle: both('Subscription agreement', '认购协议'),
        signers: ['INVESTOR'],
      };
    case 'VIEW_CUSTODIAN_DOCUMENTS':
      return { id, kind, title, ...at, documents: [], confirm: both('I have read the documents', '我已阅读文件') };
    case 'ROUTER':
      // A router starts with no way on: its first connection is a branch, the next its default, then
      // branches again (connect). Until connected it cannot be saved: unsavedIssues names it.
      return { id, kind, title, ...at, branches: [] };
    case 'CHANGE_DB_VALUE':
      return { id, kind, title, ...at, field: 'requiresManualReview', value: true };
    case 'EMAIL':
      return {
        id,
        kind,
        title,
        ...at,
        to: 'INVESTOR',
        subject: both('About your subscription', '关于您的认购'),
        body: both('Hello,', '您好，'),
      };
    case 'INBOX':
      return { id, kind, title, ...at, to: 'INVESTOR', body: both('About your subscription', '关于您的认购') };
    case 'END':
      return { id, kind, title: both('End', '结束'), ...at };
  }
};

/** Adds a node of `kind` (an id of its own); the caller selects it. */
export const addNode = (
  graph: ScenarioGraph,
  kind: AddableKind,
  position?: Point,
): { graph: ScenarioGraph; id: string } => {
  const id = freeId(
    STEMS[kind],
    graph.nodes.map((n) => n.id),
  );
  return { graph: { ...graph, nodes: [...graph.nodes, newNode(kind, id, position)] }, id };
};

/**
 * Removes a node with every edge to or from it, the router branches that lead to it and a default
 * that does. The start stays (a scenario has exactly one). A router left without a branch is named by
 * unsavedIssues until the author connects it again.
 */
export const removeNode = (graph: ScenarioGraph, id: string): EditResult => {
  const node = graph.nodes.find((n) => n.id === id);
  if (!node) return { graph };
  if (node.kind === 'START') return { refused: 'startFixed' };
  const nodes: ScenarioNode[] = [];
  for (const n of graph.nodes) {
    if (n.id === id) continue;
    if (n.kind !== 'ROUTER') {
      nodes.push(n);
      continue;
    }
    const branches = n.branches.filter((b) => b.to !== id);
    nodes.push(withOtherwise({ ...n, branches }, n.otherwise === id ? undefined : n.otherwise));
  }
  return { graph: { ...graph, nodes, edges: graph.edges.filter((e) => e.from !== id && e.to !== id) } };
};

type RouterNode = Extract<ScenarioNode, { kind: 'ROUTER' }>;
type Condition = RouterNode['branches'][number]['when'];

const withOtherwise = (router: RouterNode, otherwise: string | undefined): RouterNode => {
  const { otherwise: _dropped, ...rest } = router;
  return otherwise ? { ...rest, otherwise } : rest;
};

/** A new branch's condition: the subscription's amount at least 0, which the author then narrows. */
export const DEFAULT_CONDITION: Condition = { source: 'SUBSCRIPTION', field: 'amount', op: 'GTE', value: 0 };

/**
 * Connects `from` to `to` (a drag on the graph, or the step panel's "next step"). A node other than a
 * router has exactly one next node, so the connection replaces its outgoing edge. A router's first
 * connection is a branch (its condition to set), the second its default ("otherwise", which makes it
 * total), every later one a branch again. An end has no next node and no node leads to itself.
 */
export const connect = (graph: ScenarioGraph, from: string, to: string): EditResult => {
  const source = graph.nodes.find((n) => n.id === from);
  if (!source || !graph.nodes.some((n) => n.id === to)) return { graph };
  if (from === to) return { refused: 'selfLoop' };
  if (source.kind === 'END') return { refused: 'endHasNoNext' };
  if (source.kind === 'ROUTER') {
    if (source.otherwise === to || source.branches.some((b) => b.to === to)) return { graph };
    const next: RouterNode =
      source.branches.length > 0 && !source.otherwise
        ? { ...source, otherwise: to }
        : {
            ...source,
            branches: [
              ...source.branches,
              {
                id: freeId(
                  'branch',
                  source.branches.map((b) => b.id),
                ),
                to,
                when: DEFAULT_CONDITION,
              },
            ],
          };
    return { graph: replaceNode(graph, next) };
  }
  const kept = graph.edges.filter((e) => e.from !== from);
  const edge = {
    id: freeId(
      'e',
      graph.edges.map((e) => e.id),
    ),
    from,
    to,
  };
  return { graph: { ...graph, edges: [...kept, edge] } };
};

/**
 * Removes a connection as the graph draws it: a plain edge by its id, a router's branch as
 * `<router>-<branchId>`, its default as `<router>-otherwise` (scenario-graph.tsx names them so).
 */
export const disconnect = (graph: ScenarioGraph, drawnId: string): EditResult => {
  if (graph.edges.some((e) => e.id === drawnId))
    return { graph: { ...graph, edges: graph.edges.filter((e) => e.id !== drawnId) } };
  for (const n of graph.nodes) {
    if (n.kind !== 'ROUTER' || !drawnId.startsWith(`${n.id}-`)) continue;
    const rest = drawnId.slice(n.id.length + 1);
    if (rest === 'otherwise') return { graph: replaceNode(graph, withOtherwise(n, undefined)) };
    const branches = n.branches.filter((b) => b.id !== rest);
    if (branches.length === n.branches.length) continue;
    return { graph: replaceNode(graph, { ...n, branches }) };
  }
  return { graph };
};

/** The node a non-router node leads to (its one outgoing edge), if any. */
export const nextOf = (graph: ScenarioGraph, id: string): string | undefined =>
  graph.edges.find((e) => e.from === id)?.to;

/**
 * What the server's schema refused on save or check (400 PARAMS_ERROR, `details.fields` paths such as
 * `graph.nodes.3.title.en`), by the node at that index, so it is drawn on the node like a validation issue.
 */
export const paramsIssues = (
  graph: ScenarioGraph,
  fields: readonly { field: string; rule: string }[],
): ScenarioIssue[] =>
  fields.map(({ field, rule }) => {
    const match = /(?:^|\.)nodes\.(\d+)(?:\.(.+))?$/.exec(field);
    const node = match ? graph.nodes[Number(match[1])] : undefined;
    return node
      ? { rule, nodeId: node.id, message: `${match?.[2] ?? node.id}: ${rule}` }
      : { rule, message: `${field}: ${rule}` };
  });

/**
 * What the server's schema would refuse before any validation (a router with no branch yet), said on
 * the node: the editor does not send such a draft, and tells the author what to connect.
 */
export const unsavedIssues = (graph: ScenarioGraph): ScenarioIssue[] =>
  graph.nodes
    .filter((n) => n.kind === 'ROUTER' && n.branches.length === 0)
    .map((n) => ({ rule: 'routerWithoutBranch', nodeId: n.id, message: '' }));

// ---- Router conditions

export const CONDITION_OPS = ['EQ', 'NEQ', 'GT', 'GTE', 'LT', 'LTE', 'IN', 'PRESENT'] as const;
type Op = (typeof CONDITION_OPS)[number];

/** The answers a condition (or a change-DB-value node) may read from a step: what it records. */
export const conditionFields = (node: ScenarioNode): { id: string; label?: ScenarioNode['title'] }[] => {
  if (node.kind === 'FORM' || node.kind === 'NODE_FORM')
    return node.elements
      .filter((e) => !['HEADING', 'PARAGRAPH', 'RICH_TEXT', 'LABEL', 'SUBMIT_BUTTON'].includes(e.element))
      .map((e) => ({ id: e.id, label: e.label }));
  if (node.kind === 'STATEMENT') return node.consents.map((c) => ({ id: c.id, label: c.label }));
  if (node.kind === 'QUESTIONNAIRE')
    return [{ id: 'score' }, ...node.questions.map((q) => ({ id: q.id, label: q.label }))];
  return [];
};

/**
 * The steps whose answers a node may read: those with answers on some path before it (the
 * validation refuses a condition on a step that may not have been answered yet).
 */
export const resultSources = (graph: ScenarioGraph, before: string): ScenarioNode[] => {
  const previous = new Map<string, string[]>();
  const link = (from: string, to: string) => previous.set(to, [...(previous.get(to) ?? []), from]);
  for (const e of graph.edges) link(e.from, e.to);
  for (const n of graph.nodes) {
    if (n.kind !== 'ROUTER') continue;
    for (const b of n.branches) link(n.id, b.to);
    if (n.otherwise) link(n.id, n.otherwise);
  }
  const seen = new Set<string>();
  const stack = [before];
  while (stack.length) {
    for (const from of previous.get(stack.pop() as string) ?? []) {
      if (seen.has(from)) continue;
      seen.add(from);
      stack.push(from);
    }
  }
  return graph.nodes.filter((n) => seen.has(n.id) && n.id !== before && conditionFields(n).length > 0);
};

/** Whether the answer a condition reads is a yes/no (a checkbox, a consent) or a number (an amount, a score). */
const valueKind = (
  when: { source: 'RESULT' | 'SUBSCRIPTION'; field: string },
  source: ScenarioNode | undefined,
): 'boolean' | 'number' | 'text' => {
  if (when.source === 'SUBSCRIPTION') return when.field === 'amount' ? 'number' : 'text';
  if (!source) return 'text';
  if (source.kind === 'STATEMENT') return 'boolean';
  if (source.kind === 'QUESTIONNAIRE') return when.field === 'score' ? 'number' : 'text';
  if (source.kind === 'FORM' || source.kind === 'NODE_FORM') {
    const el = source.elements.find((e) => e.id === when.field);
    if (el?.element === 'CHECKBOX') return 'boolean';
    if (el?.element === 'AMOUNT' || el?.element === 'REDEMPTION_INFORMATION') return 'number';
  }
  return 'text';
};

/**
 * The value a condition compares with, from what the author typed: a number for the ordering
 * operators (and for numeric answers), a list for IN (comma separated), yes/no for a checkbox or a
 * consent, else the text. Text that is not a number stays text, so the validation names it.
 */
export const parseConditionValue = (
  op: Op,
  raw: string,
  when: { source: 'RESULT' | 'SUBSCRIPTION'; field: string },
  source: ScenarioNode | undefined,
): string | number | boolean | string[] | undefined => {
  if (op === 'PRESENT') return undefined;
  const text = raw.trim();
  if (op === 'IN')
    return text
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  const kind = ['GT', 'GTE', 'LT', 'LTE'].includes(op) ? 'number' : valueKind(when, source);
  if (kind === 'number' && text !== '' && Number.isFinite(Number(text))) return Number(text);
  if (kind === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
};

// ---- An element's checks (the form builder's limits and pattern)

export type Validators = NonNullable<FormElement['validators']>;
export type ValidatorKey = keyof Validators;

/** What the editor says of a limit the author typed (en and zh-CN in the locales' `checkProblems`). */
export type ValidatorProblem = 'patternInvalid' | 'minAboveMax' | 'lengthsReversed' | 'outOfRange';

/** The schema's bounds (scenario.schema.ts ValidatorsSchema): a graph beyond them is refused when saved. */
const BOUNDS: Record<Exclude<ValidatorKey, 'pattern'>, { low: number; high: number }> = {
  min: { low: -1e15, high: 1e15 },
  max: { low: -1e15, high: 1e15 },
  minLength: { low: 0, high: 10_000 },
  maxLength: { low: 1, high: 10_000 },
};

/**
 * Which limits the builder offers an element: smallest and largest for amounts (compared as
 * numbers, form-check.ts), lengths and a pattern for typed text (INPUT other than a date). Limits an
 * element holds anyway (a copied scenario) are offered too, so they can be seen and removed.
 */
export const validatorGroups = (el: FormElement): { number: boolean; text: boolean } => {
  const v = el.validators ?? {};
  return {
    number:
      el.element === 'AMOUNT' || el.element === 'REDEMPTION_INFORMATION' || v.min !== undefined || v.max !== undefined,
    text:
      (el.element === 'INPUT' && el.fieldType !== 'date') ||
      v.minLength !== undefined ||
      v.maxLength !== undefined ||
      v.pattern !== undefined,
  };
};

/** The element with one limit set, or removed when `value` is undefined (no empty `validators` left behind). */
export const withValidator = <K extends ValidatorKey>(
  el: FormElement,
  key: K,
  value: Validators[K] | undefined,
): FormElement => {
  const { [key]: _old, ...others } = el.validators ?? {};
  const validators: Validators = value === undefined ? others : { ...others, [key]: value };
  const { validators: _all, ...rest } = el;
  return Object.keys(validators).length > 0 ? { ...rest, validators } : rest;
};

/** Whether a pattern compiles as the server uses it: alone (validate.ts) and anchored (form-check.ts). */
export const patternCompiles = (pattern: string): boolean => {
  try {
    new RegExp(pattern, 'u');
    new RegExp(`^(?:${pattern})$`, 'u');
    return true;
  } catch {
    return false;
  }
};

/**
 * What is wrong with an element's limits, on the field to fix: a pattern that does not compile, a
 * lower limit above the upper one (said on the upper), a value outside what the schema stores. The
 * same rules as the shared validation's patternInvalid / validatorRange, said where they are typed.
 */
export const validatorProblems = (v: Validators | undefined): Partial<Record<ValidatorKey, ValidatorProblem>> => {
  const out: Partial<Record<ValidatorKey, ValidatorProblem>> = {};
  if (!v) return out;
  for (const key of ['min', 'max', 'minLength', 'maxLength'] as const) {
    const value = v[key];
    const bound = BOUNDS[key];
    if (value === undefined) continue;
    const whole = key === 'minLength' || key === 'maxLength';
    if (value < bound.low || value > bound.high || (whole && !Number.isInteger(value))) out[key] = 'outOfRange';
  }
  if (v.pattern !== undefined && !patternCompiles(v.pattern)) out.pattern = 'patternInvalid';
  if (!out.max && !out.min && v.min !== undefined && v.max !== undefined && v.min > v.max) out.max = 'minAboveMax';
  if (
    !out.maxLength &&
    !out.minLength &&
    v.minLength !== undefined &&
    v.maxLength !== undefined &&
    v.minLength > v.maxLength
  )
    out.maxLength = 'lengthsReversed';
  return out;
};

/**
 * A limit the author typed, as the graph stores it: undefined for an empty box, a number for a
 * number (a trailing point while typing, "1.", is still 1), null for text that is no number (the
 * box says so and the graph keeps what it had).
 */
export const parseLimit = (raw: string): number | undefined | null => {
  const text = raw.trim();
  if (text === '') return undefined;
  if (!/^-?\d+(\.\d*)?$/.test(text)) return null;
  return Number(text);
};
