import {
  type FormElement,
  FormElementSchema,
  type ScenarioGraph,
  ScenarioGraphSchema,
  type ScenarioNode,
  ScenarioNodeSchema,
} from '@tranche/shared/scenario/scenario.schema';
import { validateScenario } from '@tranche/shared/scenario/validate';
import { describe, expect, it } from 'vitest';
import {
  ADDABLE_KINDS,
  addNode,
  conditionFields,
  connect,
  disconnect,
  freeId,
  issuesByNode,
  layout,
  newNode,
  nextOf,
  paramsIssues,
  parseConditionValue,
  parseLimit,
  patternCompiles,
  removeNode,
  replaceNode,
  resultSources,
  unsavedIssues,
  validatorGroups,
  validatorProblems,
  withPositions,
  withValidator,
} from './graph';

const L = (en: string) => ({ en, 'zh-CN': en });
const graph: ScenarioGraph = {
  interactionMode: 'INTERACTIONS',
  nodes: [
    { id: 'start', kind: 'START', title: L('Start') },
    {
      id: 'details',
      kind: 'FORM',
      title: L('Details'),
      elements: [{ id: 'a', element: 'INPUT', fieldType: 'text', label: L('A'), requirement: 'MANDATORY' }],
    },
    {
      id: 'route',
      kind: 'ROUTER',
      title: L('Route'),
      branches: [{ id: 'big', to: 'review', when: { source: 'RESULT', nodeId: 'details', field: 'a', op: 'PRESENT' } }],
      otherwise: 'end',
    },
    { id: 'review', kind: 'CHANGE_DB_VALUE', title: L('Flag'), field: 'requiresManualReview', value: true },
    { id: 'end', kind: 'END', title: L('End') },
    { id: 'orphan', kind: 'END', title: L('Orphan') },
  ],
  edges: [
    { id: 'e1', from: 'start', to: 'details' },
    { id: 'e2', from: 'details', to: 'route' },
    { id: 'e3', from: 'review', to: 'end' },
  ],
};

describe('drawing a scenario', () => {
  it('lays nodes out by their longest path from the start, branches side by side, orphans last', () => {
    const at = layout(graph);
    expect(at.start?.y).toBe(0);
    expect(at.details?.y).toBe(120);
    expect(at.route?.y).toBe(240);
    // The end comes after the longest way to it (through the review), not the router's shortcut.
    expect(at.review?.y).toBe(360);
    expect(at.end?.y).toBe(480);
    expect(at.orphan?.y).toBe(600);
  });

  it('keeps the positions an author saved', () => {
    const moved = withPositions(graph, { details: { x: 10.4, y: 20.6 } });
    expect(moved.nodes.find((n) => n.id === 'details')?.position).toEqual({ x: 10, y: 21 });
    expect(layout(moved).details).toEqual({ x: 10, y: 21 });
  });

  it('puts each validation issue on the node it names, an edge’s on the node it leaves', () => {
    const issues = issuesByNode(graph, [
      { rule: 'orphan', nodeId: 'orphan', message: 'Nothing leads here' },
      { rule: 'edge', edgeId: 'e3', message: 'Bad edge' },
      { rule: 'graph', message: 'General' },
    ]);
    expect(Object.fromEntries(issues)).toEqual({ orphan: ['Nothing leads here'], review: ['Bad edge'] });
  });

  it('replaces one node and leaves the others', () => {
    const renamed = replaceNode(graph, { id: 'end', kind: 'END', title: L('Done') });
    expect(renamed.nodes.find((n) => n.id === 'end')?.title.en).toBe('Done');
    expect(renamed.nodes).toHaveLength(graph.nodes.length);
  });
});

describe('editing a scenario’s graph', () => {
  const nodeOf = (g: ScenarioGraph, id: string) => g.nodes.find((n) => n.id === id);
  const rules = (g: ScenarioGraph) => validateScenario(g).map((i) => `${i.rule}:${i.nodeId ?? i.edgeId ?? ''}`);

  it('makes every addable kind but the router valid for the schema as it comes', () => {
    for (const kind of ADDABLE_KINDS) {
      const parsed = ScenarioNodeSchema.safeParse(newNode(kind, 'n1', { x: 1.4, y: 2.6 }));
      expect(parsed.success, kind).toBe(kind !== 'ROUTER');
    }
    expect(newNode('EMAIL', 'n1', { x: 1.4, y: 2.6 }).position).toEqual({ x: 1, y: 3 });
  });

  it('gives a new node a free id of its kind', () => {
    expect(freeId('e', ['e1', 'e2', 'e4'])).toBe('e3');
    const { graph: g1, id } = addNode(graph, 'STATEMENT');
    expect(id).toBe('statement1');
    expect(addNode(g1, 'STATEMENT').id).toBe('statement2');
    expect(nodeOf(g1, id)?.kind).toBe('STATEMENT');
  });

  it('adds a node, connects it in, and the validation names the dead end until it leads on', () => {
    const { graph: added, id } = addNode(graph, 'STATEMENT');
    const linked = connect(added, 'review', id).graph!;
    // review had one next node (end): connecting replaces it, never a second edge.
    expect(linked.edges.filter((e) => e.from === 'review').map((e) => e.to)).toEqual([id]);
    expect(rules(linked)).toContain(`deadEnd:${id}`);
    const fixed = connect(linked, id, 'end').graph!;
    expect(nextOf(fixed, id)).toBe('end');
    expect(rules(fixed).filter((r) => r.endsWith(`:${id}`))).toEqual([]);
    expect(ScenarioGraphSchema.safeParse(fixed).success).toBe(true);
  });

  it('refuses a self loop and a next node for an end', () => {
    expect(connect(graph, 'details', 'details').refused).toBe('selfLoop');
    expect(connect(graph, 'end', 'details').refused).toBe('endHasNoNext');
  });

  it('connects a router: a branch first, then its default, then branches', () => {
    const { graph: g, id } = addNode(graph, 'ROUTER');
    expect(unsavedIssues(g).map((i) => i.nodeId)).toEqual([id]);
    const one = connect(g, id, 'review').graph!;
    const router = () => nodeOf(two, id) as Extract<ScenarioGraph['nodes'][number], { kind: 'ROUTER' }>;
    const two = connect(one, id, 'end').graph!;
    expect(router().branches.map((b) => b.to)).toEqual(['review']);
    expect(router().otherwise).toBe('end');
    expect(unsavedIssues(two)).toEqual([]);
    const three = connect(two, id, 'details').graph!;
    const again = connect(three, id, 'details').graph!;
    expect(again).toBe(three);
    expect(
      (nodeOf(three, id) as Extract<ScenarioGraph['nodes'][number], { kind: 'ROUTER' }>).branches.map((b) => b.id),
    ).toEqual(['branch1', 'branch2']);
  });

  it('disconnects plain edges, router branches and a router default by their drawn ids', () => {
    expect(disconnect(graph, 'e2').graph!.edges.map((e) => e.id)).toEqual(['e1', 'e3']);
    const noBranch = disconnect(graph, 'route-big').graph!;
    expect((nodeOf(noBranch, 'route') as { branches: unknown[] }).branches).toEqual([]);
    expect(unsavedIssues(noBranch).map((i) => i.nodeId)).toEqual(['route']);
    const noDefault = disconnect(graph, 'route-otherwise').graph!;
    expect(nodeOf(noDefault, 'route')).not.toHaveProperty('otherwise');
    expect(rules(noDefault)).toContain('routerNotTotal:route');
    expect(disconnect(graph, 'nothing').graph).toBe(graph);
  });

  it('removes a node with its edges and the branches to it, never the start', () => {
    expect(removeNode(graph, 'start').refused).toBe('startFixed');
    const g = removeNode(graph, 'review').graph!;
    expect(g.nodes.map((n) => n.id)).not.toContain('review');
    expect(g.edges.map((e) => e.id)).toEqual(['e1', 'e2']);
    expect((nodeOf(g, 'route') as { branches: unknown[] }).branches).toEqual([]);
    const h = removeNode(graph, 'end').graph!;
    expect(nodeOf(h, 'route')).not.toHaveProperty('otherwise');
    expect(h.edges.some((e) => e.to === 'end')).toBe(false);
  });

  it('puts a schema refusal on the node at its index', () => {
    expect(
      paramsIssues(graph, [
        { field: 'graph.nodes.1.title.en', rule: 'too_small' },
        { field: 'graph.edges.0.to', rule: 'invalid' },
      ]),
    ).toEqual([
      { rule: 'too_small', nodeId: 'details', message: 'title.en: too_small' },
      { rule: 'invalid', message: 'graph.edges.0.to: invalid' },
    ]);
  });
});

describe('router conditions', () => {
  const details = graph.nodes.find((n) => n.id === 'details')!;
  it('offers the answers of the steps before a node, never its own nor those after it', () => {
    expect(resultSources(graph, 'route').map((n) => n.id)).toEqual(['details']);
    expect(resultSources(graph, 'details')).toEqual([]);
    expect(conditionFields(details).map((f) => f.id)).toEqual(['a']);
  });

  it('reads what the author typed as the answer’s kind: numbers, lists, yes/no, else text', () => {
    const amount = { source: 'SUBSCRIPTION' as const, field: 'amount' };
    expect(parseConditionValue('GTE', ' 1000000 ', amount, undefined)).toBe(1000000);
    // Not a number: kept as typed, so the validation names it.
    expect(parseConditionValue('GT', '1e', amount, undefined)).toBe('1e');
    expect(parseConditionValue('IN', 'a, b,,c', { source: 'RESULT', field: 'a' }, details)).toEqual(['a', 'b', 'c']);
    expect(parseConditionValue('PRESENT', 'x', amount, undefined)).toBeUndefined();
    const statement = {
      id: 's',
      kind: 'STATEMENT',
      title: L('S'),
      body: L('B'),
      consents: [{ id: 'ok', label: L('OK') }],
    } satisfies ScenarioNode;
    expect(parseConditionValue('EQ', 'true', { source: 'RESULT', field: 'ok' }, statement)).toBe(true);
    expect(parseConditionValue('EQ', '12', { source: 'RESULT', field: 'a' }, details)).toBe('12');
  });
});

describe("an element's checks", () => {
  const input: FormElement = {
    id: 'ref',
    element: 'INPUT',
    fieldType: 'text',
    label: L('Ref'),
    requirement: 'OPTIONAL',
  };
  const amount: FormElement = { id: 'amount', element: 'AMOUNT', label: L('Amount'), requirement: 'MANDATORY' };

  it('offers limits for amounts, lengths and a pattern for typed text, and whatever a copied element holds', () => {
    expect(validatorGroups(amount)).toEqual({ number: true, text: false });
    expect(validatorGroups(input)).toEqual({ number: false, text: true });
    expect(validatorGroups({ ...input, fieldType: 'date' })).toEqual({ number: false, text: false });
    const select: FormElement = { id: 's', element: 'SELECT', label: L('S'), requirement: 'OPTIONAL' };
    expect(validatorGroups(select)).toEqual({ number: false, text: false });
    expect(validatorGroups({ ...select, validators: { pattern: 'x' } })).toEqual({ number: false, text: true });
  });

  it('sets and removes one limit, leaving no empty validators behind', () => {
    const one = withValidator(amount, 'min', 1000);
    expect(one.validators).toEqual({ min: 1000 });
    const two = withValidator(one, 'max', 5000);
    expect(two.validators).toEqual({ min: 1000, max: 5000 });
    expect(withValidator(two, 'min', undefined).validators).toEqual({ max: 5000 });
    const none = withValidator(one, 'min', undefined);
    expect('validators' in none).toBe(false);
    expect(FormElementSchema.safeParse(none).success).toBe(true);
    expect(FormElementSchema.safeParse(two).success).toBe(true);
  });

  it('says on the field what the shared validation would refuse, and nothing when the limits are sound', () => {
    expect(validatorProblems(undefined)).toEqual({});
    expect(validatorProblems({ min: 1, max: 1, minLength: 2, maxLength: 9, pattern: '[A-Z]{2}\\d+' })).toEqual({});
    expect(validatorProblems({ min: 5000, max: 1000 })).toEqual({ max: 'minAboveMax' });
    expect(validatorProblems({ minLength: 10, maxLength: 3 })).toEqual({ maxLength: 'lengthsReversed' });
    expect(validatorProblems({ pattern: '[A-Z' })).toEqual({ pattern: 'patternInvalid' });
    // Refused alone, though its anchored form (the one answers are checked with) would compile: both must.
    expect(patternCompiles('a)(b')).toBe(false);
    expect(patternCompiles('\\p{L}+')).toBe(true);
    expect(validatorProblems({ maxLength: 0 })).toEqual({ maxLength: 'outOfRange' });
    expect(validatorProblems({ minLength: 2.5 })).toEqual({ minLength: 'outOfRange' });
    // A limit out of range is said once, on itself, not also as a reversed pair.
    expect(validatorProblems({ min: 2e15, max: 1 })).toEqual({ min: 'outOfRange' });
  });

  it('agrees with the shared validation on the same graph', () => {
    const bad = {
      ...graph,
      nodes: graph.nodes.map((n) =>
        n.id === 'details' && n.kind === 'FORM'
          ? { ...n, elements: [{ ...input, validators: { pattern: '(', min: 3, max: 2 } }] }
          : n,
      ),
    } as ScenarioGraph;
    const rules = validateScenario(bad)
      .filter((i) => i.nodeId === 'details')
      .map((i) => i.rule);
    expect(rules).toEqual(expect.arrayContaining(['patternInvalid', 'validatorRange']));
    expect(validatorProblems({ pattern: '(', min: 3, max: 2 })).toEqual({
      pattern: 'patternInvalid',
      max: 'minAboveMax',
    });
  });

  it('reads a typed limit: empty is none, a number (even mid-typing "1.") is a number, anything else is not', () => {
    expect(parseLimit('  ')).toBeUndefined();
    expect(parseLimit(' 250000.50 ')).toBe(250000.5);
    expect(parseLimit('1.')).toBe(1);
    expect(parseLimit('-3')).toBe(-3);
    expect(parseLimit('1e5')).toBeNull();
    expect(parseLimit('12a')).toBeNull();
  });
});
