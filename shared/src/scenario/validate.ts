import {
  type Condition,
  type FieldType,
  type FormElement,
  type FormElementKind,
  isDisplayElement,
  isHumanKind,
  type ScenarioEdge,
  type ScenarioGraph,
  type ScenarioIssue,
  type ScenarioNode,
  SUBSCRIPTION_WRITABLE_FIELDS,
} from './scenario.schema.js';
import { signTemplateProblem, type TemplatePlace } from './sign-template.js';

/**
 * What publishing checks beyond the schema (issue 13: "every path reaches an end, no orphan node,
 * routers total"), each issue naming the node or edge to fix so the editor can mark it. Pure.
 *
 * Ours where the spec is silent: a journey moves forward only (no cycles: "back" is the investor's
 * action, delete-node-result, not a loop in the graph; without cycles the progress total is exact);
 * routers take their targets from their branches, so an edge leaving a router is refused.
 */

/** The field types an element may declare; the first is what it means without one. */
export const ELEMENT_FIELD_TYPES: Record<FormElementKind, readonly FieldType[]> = {
  HEADING: ['label'],
  PARAGRAPH: ['label'],
  RICH_TEXT: ['label'],
  LABEL: ['label'],
  SUBMIT_BUTTON: ['label'],
  INPUT: ['text', 'textarea', 'date'],
  SELECT: ['select'],
  RADIO: ['radio-group'],
  CHECKBOX: ['checkbox'],
  CHECKBOX_GROUP: ['checkbox-group'],
  TABLE: ['table'],
  PHONE: ['text'],
  AMOUNT: ['text'],
  REDEMPTION_INFORMATION: ['text'],
  PROFILE: ['select'],
  AUTOCOMPLETE: ['select'],
  AREA_CODE: ['select'],
  MANDATORY_DOCUMENTS: ['text'],
};

/** Elements whose value is one of their options. */
const OPTION_ELEMENTS: readonly FormElementKind[] = ['SELECT', 'RADIO', 'CHECKBOX_GROUP', 'AUTOCOMPLETE'];

export const fieldTypeOf = (el: FormElement): FieldType => el.fieldType ?? ELEMENT_FIELD_TYPES[el.element][0]!;

/** Where each node goes next, routers included (edges for the others). */
export const successors = (graph: ScenarioGraph, node: ScenarioNode): string[] => {
  if (node.kind === 'ROUTER') {
    return [...new Set([...node.branches.map((b) => b.to), ...(node.otherwise ? [node.otherwise] : [])])];
  }
  return graph.edges.filter((e) => e.from === node.id).map((e) => e.to);
};

const issue = (rule: string, message: string, where: { nodeId?: string; edgeId?: string } = {}): ScenarioIssue => ({
  rule,
  message,
  ...where,
});

const checkElements = (node: ScenarioNode & { elements: FormElement[] }): ScenarioIssue[] => {
  const out: ScenarioIssue[] = [];
  const seen = new Set<string>();
  for (const el of node.elements) {
    const at = `${node.id}.${el.id}`;
    if (seen.has(el.id)) out.push(issue('duplicateElement', `Element ${at} appears twice`, { nodeId: node.id }));
    seen.add(el.id);
    if (el.fieldType && !ELEMENT_FIELD_TYPES[el.element].includes(el.fieldType)) {
      out.push(
        issue('fieldTypeNotAllowed', `Element ${at}: ${el.element} cannot be a ${el.fieldType} field`, {
          nodeId: node.id,
        }),
      );
    }
    if (isDisplayElement(el.element) && el.requirement === 'MANDATORY') {
      out.push(issue('displayMandatory', `Element ${at} shows text and takes no answer`, { nodeId: node.id }));
    }
    if (OPTION_ELEMENTS.includes(el.element) && !el.options?.length) {
      out.push(issue('optionsMissing', `Element ${at} needs options`, { nodeId: node.id }));
    }
    if (el.options && new Set(el.options.map((o) => o.value)).size !== el.options.length) {
      out.push(issue('duplicateOption', `Element ${at} has an option twice`, { nodeId: node.id }));
    }
    if (el.element === 'TABLE' && !el.columns?.length) {
      out.push(issue('columnsMissing', `Element ${at} needs columns`, { nodeId: node.id }));
    }
    const v = el.validators;
    if (v?.pattern !== undefined) {
      try {
        new RegExp(v.pattern, 'u');
      } catch {
        out.push(issue('patternInvalid', `Element ${at}: the pattern is not a valid expression`, { nodeId: node.id }));
      }
    }
    if (
      v &&
      ((v.min !== undefined && v.max !== undefined && v.min > v.max) ||
        (v.minLength !== undefined && v.maxLength !== undefined && v.minLength > v.maxLength))
    ) {
      out.push(issue('validatorRange', `Element ${at}: the lower limit is above the upper one`, { nodeId: node.id }));
    }
  }
  return out;
};

/** The values a RESULT field can take when it has a closed set (options, a checkbox), else undefined. */
const closedValues = (node: ScenarioNode | undefined, field: string): readonly (string | boolean)[] | undefined => {
  if (!node) return undefined;
  if (node.kind === 'FORM' || node.kind === 'NODE_FORM') {
    const el = node.elements.find((e) => e.id === field);
    // An optional field may be absent: no set of EQ branches covers "no answer".
    if (el?.requirement !== 'MANDATORY') return undefined;
    if (el.element === 'CHECKBOX') return [true];
    if (el.element === 'SELECT' || el.element === 'RADIO' || el.element === 'AUTOCOMPLETE')
      return el.options?.map((o) => o.value);
    return undefined;
  }
  if (node.kind === 'QUESTIONNAIRE') return undefined;
  return undefined;
};

/** A field a RESULT condition may read from a node: an element that takes a value, or a question. */
const resultFieldExists = (node: ScenarioNode, field: string): boolean => {
  if (node.kind === 'FORM' || node.kind === 'NODE_FORM')
    return node.elements.some((e) => e.id === field && !isDisplayElement(e.element));
  if (node.kind === 'STATEMENT') return node.consents.some((c) => c.id === field);
  if (node.kind === 'QUESTIONNAIRE') return field === 'score' || node.questions.some((q) => q.id === field);
  return false;
};

/** The subscription fields a SUBSCRIPTION condition may read (the execution input's `subscription`). */
export const ROUTABLE_SUBSCRIPTION_FIELDS = ['amount', 'currency', 'investorType', 'subscriptionType'] as const;

const covers = (branches: readonly { when: Condition }[], values: readonly (string | boolean)[]): boolean => {
  const hit = new Set<string | boolean>();
  for (const { when } of branches) {
    if (when.op === 'EQ' && (typeof when.value === 'string' || typeof when.value === 'boolean')) hit.add(when.value);
    if (when.op === 'IN' && Array.isArray(when.value)) for (const v of when.value) hit.add(v);
  }
  return values.every((v) => hit.has(v));
};

/**
 * What the caller knows beyond the graph. `templates`: the signing templates the SIGN nodes name, as
 * kept now (null = not kept), when the caller read them (publishing does; the editor's live check
 * does not, so a node's template is then not judged).
 */
export interface ScenarioContext {
  templates?: ReadonlyMap<string, { signers: readonly TemplatePlace[]; tags: readonly string[] } | null>;
}

export const validateScenario = (graph: ScenarioGraph, context: ScenarioContext = {}): ScenarioIssue[] => {
  const out: ScenarioIssue[] = [];
  // A sign step's template must be kept and its places fillable by the step's signers (sign-template.ts).
  for (const n of graph.nodes) {
    if (n.kind !== 'SIGN' || !n.templateId || !context.templates) continue;
    const template = context.templates.get(n.templateId);
    const problem = template ? signTemplateProblem(n.signers, template) : 'it is no longer kept';
    if (problem) {
      out.push(
        issue('signTemplate', `Sign step ${n.id} cannot use its signing template: ${problem}`, { nodeId: n.id }),
      );
    }
  }
  // Adjacency once (each node's successors and predecessors): the checks below walk the graph many
  // times, and scanning the edge list at every step made a 100-node scenario take a quarter second.
  const outgoingOf = new Map<string, ScenarioEdge[]>();
  for (const edge of graph.edges) outgoingOf.set(edge.from, [...(outgoingOf.get(edge.from) ?? []), edge]);
  const nextOf = new Map<string, string[]>();
  const previousOf = new Map<string, string[]>();
  for (const node of graph.nodes) {
    const next =
      node.kind === 'ROUTER'
        ? [...new Set([...node.branches.map((b) => b.to), ...(node.otherwise ? [node.otherwise] : [])])]
        : (outgoingOf.get(node.id) ?? []).map((e) => e.to);
    nextOf.set(node.id, next);
    for (const to of next) previousOf.set(to, [...(previousOf.get(to) ?? []), node.id]);
  }
  const successorsOf = (node: ScenarioNode): string[] => nextOf.get(node.id) ?? [];
  const byId = new Map<string, ScenarioNode>();
  for (const node of graph.nodes) {
    if (byId.has(node.id)) out.push(issue('duplicateNode', `Node ${node.id} appears twice`, { nodeId: node.id }));
    byId.set(node.id, node);
  }
  const edgeIds = new Set<string>();
  for (const edge of graph.edges) {
    if (edgeIds.has(edge.id)) out.push(issue('duplicateEdge', `Edge ${edge.id} appears twice`, { edgeId: edge.id }));
    edgeIds.add(edge.id);
    for (const end of [edge.from, edge.to]) {
      if (!byId.has(end))
        out.push(issue('unknownNode', `Edge ${edge.id} names ${end}, which is not a node`, { edgeId: edge.id }));
    }
  }

  const starts = graph.nodes.filter((n) => n.kind === 'START');
  if (starts.length !== 1) {
    out.push(
      issue(
        'startCount',
        `A scenario has exactly one start node (found ${starts.length})`,
        starts[1] ? { nodeId: starts[1].id } : {},
      ),
    );
  }
  if (!graph.nodes.some((n) => n.kind === 'END')) out.push(issue('endMissing', 'A scenario needs an end node'));
  if (graph.interactionMode === 'NO_INTERACTIONS') {
    for (const n of graph.nodes.filter((n) => isHumanKind(n.kind))) {
      out.push(
        issue(
          'humanNodeWithoutInteractions',
          `Node ${n.id} asks a person, but the scenario runs without interactions`,
          { nodeId: n.id },
        ),
      );
    }
  }

  for (const node of graph.nodes) {
    const outgoing = outgoingOf.get(node.id) ?? [];
    if (node.kind === 'END') {
      if (outgoing.length)
        out.push(issue('endHasNext', `End node ${node.id} cannot lead anywhere`, { nodeId: node.id }));
    } else if (node.kind === 'ROUTER') {
      if (outgoing.length) {
        out.push(
          issue('routerEdge', `Router ${node.id} goes where its branches say; remove its plain edges`, {
            nodeId: node.id,
          }),
        );
      }
      for (const target of [...node.branches.map((b) => b.to), ...(node.otherwise ? [node.otherwise] : [])]) {
        if (!byId.has(target))
          out.push(
            issue('unknownNode', `Router ${node.id} leads to ${target}, which is not a node`, { nodeId: node.id }),
          );
        else if (byId.get(target)?.kind === 'START')
          out.push(issue('startHasIncoming', `Router ${node.id} leads back to the start`, { nodeId: node.id }));
      }
      if (new Set(node.branches.map((b) => b.id)).size !== node.branches.length) {
        out.push(issue('duplicateBranch', `Router ${node.id} has a branch id twice`, { nodeId: node.id }));
      }
    } else if (outgoing.length === 0) {
      out.push(
        issue('deadEnd', `Node ${node.id} leads nowhere: connect it to the next node or an end`, { nodeId: node.id }),
      );
    } else if (outgoing.length > 1) {
      out.push(
        issue('multipleNext', `Node ${node.id} has ${outgoing.length} next nodes; use a router to branch`, {
          nodeId: node.id,
        }),
      );
    }
    if (node.kind === 'START' && graph.edges.some((e) => e.to === node.id)) {
      out.push(issue('startHasIncoming', `Nothing may lead back to the start node ${node.id}`, { nodeId: node.id }));
    }
    if (node.kind === 'FORM' || node.kind === 'NODE_FORM') out.push(...checkElements(node));
    if (node.kind === 'STATEMENT' && new Set(node.consents.map((c) => c.id)).size !== node.consents.length) {
      out.push(issue('duplicateElement', `Statement ${node.id} has a consent twice`, { nodeId: node.id }));
    }
    if (node.kind === 'QUESTIONNAIRE') {
      const best = node.questions.reduce((sum, q) => {
        const scores = q.options.map((o) => o.score);
        return sum + (q.multiple ? scores.filter((s) => s > 0).reduce((a, b) => a + b, 0) : Math.max(...scores));
      }, 0);
      if (node.passMark > best) {
        out.push(
          issue(
            'passMarkUnreachable',
            `Questionnaire ${node.id}: the pass mark ${node.passMark} is above the best score ${best}`,
            { nodeId: node.id },
          ),
        );
      }
      if (new Set(node.questions.map((q) => q.id)).size !== node.questions.length) {
        out.push(issue('duplicateElement', `Questionnaire ${node.id} has a question twice`, { nodeId: node.id }));
      }
    }
    if (node.kind === 'CHANGE_DB_VALUE') {
      const type = (SUBSCRIPTION_WRITABLE_FIELDS as Record<string, string>)[node.field];
      if (!type) {
        out.push(
          issue('fieldNotWritable', `Node ${node.id}: ${node.field} is not a field a scenario may change`, {
            nodeId: node.id,
          }),
        );
      } else if (typeof node.value !== 'object' && typeof node.value !== type) {
        out.push(issue('valueType', `Node ${node.id}: ${node.field} takes a ${type}`, { nodeId: node.id }));
      }
    }
  }

  // Reachability from the start, and whether an end is reachable from each node.
  const start = starts[0];
  const reachable = new Set<string>();
  if (start) {
    const stack = [start.id];
    while (stack.length) {
      const id = stack.pop()!;
      if (reachable.has(id)) continue;
      reachable.add(id);
      const node = byId.get(id);
      if (node) stack.push(...successorsOf(node).filter((s) => byId.has(s)));
    }
    for (const node of graph.nodes) {
      if (!reachable.has(node.id))
        out.push(issue('unreachable', `Node ${node.id} cannot be reached from the start`, { nodeId: node.id }));
    }
  }
  const reachesEnd = new Set(graph.nodes.filter((n) => n.kind === 'END').map((n) => n.id));
  for (let changed = true; changed; ) {
    changed = false;
    for (const node of graph.nodes) {
      if (reachesEnd.has(node.id)) continue;
      // A router is only safe when every branch reaches an end; any other node has one successor.
      const next = successorsOf(node);
      if (next.length && next.every((s) => reachesEnd.has(s))) {
        reachesEnd.add(node.id);
        changed = true;
      }
    }
  }
  for (const node of graph.nodes) {
    if (node.kind !== 'END' && reachable.has(node.id) && !reachesEnd.has(node.id) && successorsOf(node).length) {
      out.push(issue('noPathToEnd', `Some path from ${node.id} never reaches an end`, { nodeId: node.id }));
    }
  }

  // Cycles (depth-first search with colours).
  const colour = new Map<string, 1 | 2>();
  const visit = (id: string): boolean => {
    colour.set(id, 1);
    const node = byId.get(id);
    for (const s of node ? successorsOf(node) : []) {
      if (!byId.has(s)) continue;
      if (colour.get(s) === 1) {
        out.push(issue('cycle', `Node ${id} leads back to ${s}: a journey only moves forward`, { nodeId: s }));
        return true;
      }
      if (!colour.has(s) && visit(s)) return true;
    }
    colour.set(id, 2);
    return false;
  };
  for (const node of graph.nodes) if (!colour.has(node.id) && visit(node.id)) break;

  // Routers: conditions read fields that exist before them, and the branches are total.
  const ancestors = (target: string): Set<string> => {
    const found = new Set<string>();
    const stack = [target];
    while (stack.length) {
      const id = stack.pop()!;
      for (const from of previousOf.get(id) ?? []) {
        if (!found.has(from)) {
          found.add(from);
          stack.push(from);
        }
      }
    }
    return found;
  };
  for (const router of graph.nodes) {
    if (router.kind !== 'ROUTER') continue;
    const before = ancestors(router.id);
    for (const branch of router.branches) {
      const { when } = branch;
      if (when.source === 'RESULT') {
        const source = when.nodeId ? byId.get(when.nodeId) : undefined;
        if (!source || !before.has(source.id) || !resultFieldExists(source, when.field)) {
          out.push(
            issue(
              'conditionField',
              `Router ${router.id}, branch ${branch.id}: ${when.nodeId ?? '?'}.${when.field} is not answered before the router`,
              { nodeId: router.id },
            ),
          );
        }
      } else if (!(ROUTABLE_SUBSCRIPTION_FIELDS as readonly string[]).includes(when.field)) {
        out.push(
          issue(
            'conditionField',
            `Router ${router.id}, branch ${branch.id}: the subscription has no field ${when.field} to route on`,
            { nodeId: router.id },
          ),
        );
      }
      if (when.op !== 'PRESENT' && when.value === undefined) {
        out.push(
          issue('conditionValue', `Router ${router.id}, branch ${branch.id} needs a value to compare with`, {
            nodeId: router.id,
          }),
        );
      }
      if (['GT', 'GTE', 'LT', 'LTE'].includes(when.op) && typeof when.value !== 'number') {
        out.push(
          issue('conditionValue', `Router ${router.id}, branch ${branch.id} compares with a number`, {
            nodeId: router.id,
          }),
        );
      }
      if (when.op === 'IN' && !Array.isArray(when.value)) {
        out.push(
          issue('conditionValue', `Router ${router.id}, branch ${branch.id} needs a list of values`, {
            nodeId: router.id,
          }),
        );
      }
    }
    if (!router.otherwise) {
      const fields = new Set(router.branches.map((b) => `${b.when.source}:${b.when.nodeId ?? ''}:${b.when.field}`));
      const first = router.branches[0]?.when;
      const values =
        fields.size === 1 && first?.source === 'RESULT'
          ? closedValues(first.nodeId ? byId.get(first.nodeId) : undefined, first.field)
          : undefined;
      if (!values || !covers(router.branches, values)) {
        out.push(
          issue(
            'routerNotTotal',
            `Router ${router.id} has no "otherwise" branch and its conditions do not cover every case`,
            { nodeId: router.id },
          ),
        );
      }
    }
  }
  return out;
};
