import validateAsl from 'asl-validator';
import { describe, expect, it } from 'vitest';
import { compileScenario, RESUME_STATE } from './compile.js';
import { defaultScenario } from './defaults.js';
import { checkFormValues, statementAssented } from './form-check.js';
import { journeyProgress, nodeView, scoreSurvey } from './journey.js';
import {
  type FormElement,
  type NodeOfKind,
  SCENARIO_INVESTOR_TYPES,
  SCENARIO_SUBSCRIPTION_TYPES,
  type ScenarioGraph,
  ScenarioGraphSchema,
  type ScenarioNode,
} from './scenario.schema.js';
import { validateScenario } from './validate.js';

const l = (en: string) => ({ en, 'zh-CN': en });
const form = (id: string, elements: FormElement[]): ScenarioNode => ({ id, kind: 'FORM', title: l(id), elements });
const text = (id: string, requirement: FormElement['requirement'] = 'MANDATORY'): FormElement => ({
  id,
  element: 'INPUT',
  fieldType: 'text',
  label: l(id),
  requirement,
});
const edge = (from: string, to: string) => ({ id: `e_${from}_${to}`, from, to });
const linear = (...middle: ScenarioNode[]): ScenarioGraph => {
  const nodes: ScenarioNode[] = [
    { id: 'start', kind: 'START', title: l('s') },
    ...middle,
    { id: 'end', kind: 'END', title: l('e') },
  ];
  return {
    interactionMode: 'INTERACTIONS',
    nodes,
    edges: nodes.slice(1).map((n, i) => edge(nodes[i]!.id, n.id)),
  };
};
const rules = (graph: ScenarioGraph) => validateScenario(graph).map((i) => `${i.rule}:${i.nodeId ?? i.edgeId ?? ''}`);

const aslErrors = (definition: unknown): string[] => {
  const { isValid, errors } = validateAsl(structuredClone(definition));
  return isValid ? [] : errors.map((e) => `${e['Error code']}: ${e.Message}`);
};

describe('validateScenario', () => {
  it('accepts a straight journey', () => {
    expect(rules(linear(form('details', [text('name')])))).toEqual([]);
  });

  it('names a dead end, an orphan and a node without a path to an end', () => {
    const g = linear(form('details', [text('name')]));
    g.nodes.push(form('orphan', [text('x')]));
    g.edges.push(edge('orphan', 'end'));
    g.nodes.push(form('stuck', [text('y')]));
    g.edges = g.edges.filter((e) => e.to !== 'end' || e.from === 'orphan');
    g.edges.push(edge('details', 'stuck'));
    const found = rules(g);
    expect(found).toContain('unreachable:orphan');
    expect(found).toContain('deadEnd:stuck');
    expect(found).toContain('noPathToEnd:details');
  });

  it('refuses two starts, no end, cycles, branching without a router and unknown edge ends', () => {
    const g: ScenarioGraph = {
      interactionMode: 'INTERACTIONS',
      nodes: [
        { id: 'a', kind: 'START', title: l('a') },
        { id: 'b', kind: 'START', title: l('b') },
        form('f', [text('x')]),
        form('g', [text('y')]),
      ],
      edges: [edge('a', 'f'), edge('f', 'g'), edge('g', 'f'), edge('b', 'f'), edge('b', 'zz')],
    };
    const found = rules(g);
    expect(found).toEqual(
      expect.arrayContaining(['startCount:b', 'endMissing:', 'multipleNext:b', 'unknownNode:e_b_zz']),
    );
    expect(found.some((r) => r.startsWith('cycle:'))).toBe(true);
  });

  it('requires routers to be total: otherwise, or branches covering every option of a mandatory field', () => {
    const choice: FormElement = {
      id: 'kind',
      element: 'RADIO',
      fieldType: 'radio-group',
      label: l('k'),
      requirement: 'MANDATORY',
      options: [
        { value: 'A', label: l('A') },
        { value: 'B', label: l('B') },
      ],
    };
    const router = (values: string[], otherwise?: string): ScenarioNode => ({
      id: 'route',
      kind: 'ROUTER',
      title: l('r'),
      branches: values.map((v) => ({
        id: `b${v}`,
        to: 'end',
        when: { source: 'RESULT', nodeId: 'q', field: 'kind', op: 'EQ', value: v },
      })),
      ...(otherwise ? { otherwise } : {}),
    });
    const graph = (r: ScenarioNode): ScenarioGraph => ({
      interactionMode: 'INTERACTIONS',
      nodes: [
        { id: 'start', kind: 'START', title: l('s') },
        form('q', [choice]),
        r,
        { id: 'end', kind: 'END', title: l('e') },
      ],
      edges: [edge('start', 'q'), edge('q', 'route')],
    });
    expect(rules(graph(router(['A'])))).toEqual(['routerNotTotal:route']);
    expect(rules(graph(router(['A', 'B'])))).toEqual([]);
    expect(rules(graph(router(['A'], 'end')))).toEqual([]);
    // The same branches on an optional field are not total: "no answer" matches none.
    const optional = graph(router(['A', 'B']));
    (optional.nodes[1] as NodeOfKind<'FORM'>).elements[0]!.requirement = 'OPTIONAL';
    expect(rules(optional)).toEqual(['routerNotTotal:route']);
  });

  it('refuses a condition on a field not answered before the router, and a DB field not on the list', () => {
    const g = linear(
      {
        id: 'route',
        kind: 'ROUTER',
        title: l('r'),
        branches: [{ id: 'x', to: 'end', when: { source: 'RESULT', nodeId: 'later', field: 'v', op: 'PRESENT' } }],
        otherwise: 'later',
      },
      form('later', [text('v')]),
    );
    g.edges = g.edges.filter((e) => e.from !== 'route');
    expect(rules(g)).toContain('conditionField:route');
    const db = linear({ id: 'set', kind: 'CHANGE_DB_VALUE', title: l('s'), field: 'status', value: 'APPROVED' });
    expect(rules(db)).toEqual(['fieldNotWritable:set']);
    const typed = linear({
      id: 'set',
      kind: 'CHANGE_DB_VALUE',
      title: l('s'),
      field: 'requiresManualReview',
      value: 'yes',
    });
    expect(rules(typed)).toEqual(['valueType:set']);
  });

  it('checks form elements and questionnaires', () => {
    const bad = linear(
      form('f', [
        text('a'),
        text('a'),
        { id: 'h', element: 'HEADING', label: l('h'), requirement: 'MANDATORY' },
        { id: 's', element: 'SELECT', label: l('s'), requirement: 'OPTIONAL' },
        { id: 't', element: 'INPUT', fieldType: 'checkbox-group', label: l('t'), requirement: 'OPTIONAL' },
      ]),
      {
        id: 'quiz',
        kind: 'QUESTIONNAIRE',
        title: l('q'),
        passMark: 5,
        questions: [
          {
            id: 'q1',
            label: l('q1'),
            multiple: false,
            options: [
              { value: 'a', label: l('a'), score: 1 },
              { value: 'b', label: l('b'), score: 2 },
            ],
          },
        ],
      },
    );
    expect(rules(bad)).toEqual(
      expect.arrayContaining([
        'duplicateElement:f',
        'displayMandatory:f',
        'optionsMissing:f',
        'fieldTypeNotAllowed:f',
        'passMarkUnreachable:quiz',
      ]),
    );
  });

  it('refuses human nodes in a scenario without interactions', () => {
    const g = { ...linear(form('f', [text('a')])), interactionMode: 'NO_INTERACTIONS' as const };
    expect(rules(g)).toEqual(['humanNodeWithoutInteractions:f']);
  });
});

describe('compileScenario', () => {
  it('compiles human nodes to waitForTaskToken tasks, routers to Choice, system nodes to Lambda tasks; asl-validator accepts it', () => {
    const graph = defaultScenario('INVEST_SUBSCRIPTION', 'INDIVIDUAL');
    const { definition, humanNodes } = compileScenario(graph);
    expect(aslErrors(definition)).toEqual([]);
    const states = definition.States as Record<string, Record<string, unknown>>;
    expect(definition.StartAt).toBe(RESUME_STATE);
    expect(states.investment).toMatchObject({
      Type: 'Task',
      Resource: 'arn:aws:states:::lambda:invoke.waitForTaskToken',
      ResultPath: '$.results.investment',
      Next: 'riskQuestionnaire',
    });
    expect(states.largeTicket).toMatchObject({ Type: 'Choice', Default: 'sign' });
    expect(JSON.stringify(states.largeTicket)).toContain('"NumericGreaterThanEquals":1000000');
    expect(states.flagReview).toMatchObject({ Type: 'Task', Resource: 'arn:aws:states:::lambda:invoke', Next: 'sign' });
    expect(states.end).toMatchObject({ End: true });
    expect(humanNodes).toEqual(['investorDetails', 'investment', 'riskQuestionnaire', 'declarations', 'sign']);
    expect((states[RESUME_STATE]!.Choices as unknown[]).length).toBe(humanNodes.length);
  });

  it('asl-validator rejects a broken definition (the check can fail)', () => {
    const { definition } = compileScenario(linear(form('f', [text('a')])));
    (definition.States as Record<string, Record<string, unknown>>).f!.Next = 'nowhere';
    expect(aslErrors(definition).length).toBeGreaterThan(0);
  });

  it('compiles a 100-node scenario', () => {
    const many = Array.from({ length: 98 }, (_, i) => form(`f${i}`, [text('a')]));
    const graph = linear(...many);
    expect(rules(graph)).toEqual([]);
    expect(aslErrors(compileScenario(graph).definition)).toEqual([]);
  });
});

describe('default scenarios', () => {
  for (const type of SCENARIO_SUBSCRIPTION_TYPES) {
    for (const investor of SCENARIO_INVESTOR_TYPES) {
      it(`${type} × ${investor}: parses, validates and compiles`, () => {
        const graph = defaultScenario(type, investor);
        expect(ScenarioGraphSchema.safeParse(graph).success).toBe(true);
        expect(validateScenario(graph)).toEqual([]);
        expect(aslErrors(compileScenario(graph).definition)).toEqual([]);
      });
    }
  }
});

describe('form values', () => {
  const elements: FormElement[] = [
    text('name'),
    text('nick', 'OPTIONAL'),
    text('secret', 'HIDDEN'),
    { id: 'amount', element: 'AMOUNT', label: l('a'), requirement: 'MANDATORY', validators: { min: 1000 } },
    { id: 'when', element: 'INPUT', fieldType: 'date', label: l('w'), requirement: 'OPTIONAL' },
    { id: 'ok', element: 'CHECKBOX', label: l('ok'), requirement: 'MANDATORY' },
    {
      id: 'pick',
      element: 'CHECKBOX_GROUP',
      label: l('p'),
      requirement: 'OPTIONAL',
      options: [{ value: 'x', label: l('x') }],
    },
  ];
  const fields = (values: Record<string, unknown>) =>
    checkFormValues(elements, values as never).map((i) => `${i.field}:${i.rule}`);

  it('accepts a complete answer, optional fields left out', () => {
    expect(fields({ name: 'Ann', amount: '250000.00', ok: true })).toEqual([]);
  });
  it('names every missing mandatory field, hidden and unknown values, and wrong types', () => {
    expect(fields({ secret: 'x', extra: 1, when: '2026-13-45', pick: ['y'], amount: '12', ok: false })).toEqual([
      'values.secret:hidden',
      'values.extra:unknown',
      'values.name:required',
      'values.amount:min',
      'values.when:date',
      'values.ok:required',
      'values.pick:option',
    ]);
    expect(fields({ name: 3, amount: 'lots', ok: true })).toEqual(['values.name:type', 'values.amount:decimal']);
  });
  it('needs every consent of a statement ticked (ASSENT_EMPTY otherwise)', () => {
    const node: NodeOfKind<'STATEMENT'> = {
      id: 's',
      kind: 'STATEMENT',
      title: l('s'),
      body: l('b'),
      consents: [
        { id: 'a', label: l('a') },
        { id: 'b', label: l('b') },
      ],
    };
    expect(statementAssented(node, { a: true, b: true })).toBe(true);
    expect(statementAssented(node, { a: true })).toBe(false);
    expect(statementAssented(node, {})).toBe(false);
  });
});

describe('surveys and progress', () => {
  const quiz = defaultScenario('INVEST_SUBSCRIPTION', 'INDIVIDUAL').nodes.find(
    (n) => n.kind === 'QUESTIONNAIRE',
  ) as NodeOfKind<'QUESTIONNAIRE'>;
  it('scores answers against the pass mark', () => {
    expect(scoreSurvey(quiz, { experience: ['OVER_3'], lossTolerance: ['YES'], horizon: ['NO'] })).toMatchObject({
      score: 5,
      passed: true,
    });
    expect(scoreSurvey(quiz, { experience: ['NONE'], lossTolerance: ['YES'], horizon: ['YES'] })).toMatchObject({
      score: 3,
      passed: false,
    });
    const partial = scoreSurvey(quiz, { experience: ['OVER_3', 'NONE'], lossTolerance: ['MAYBE'] });
    expect(partial.passed).toBe(false);
    expect(partial.issues.map((i) => `${i.field}:${i.rule}`)).toEqual([
      'answers.experience:single',
      'answers.lossTolerance:option',
      'answers.horizon:required',
    ]);
  });
  it('never shows scores or the pass mark to the investor, nor hidden fields', () => {
    const view = JSON.stringify(nodeView(quiz));
    expect(view).not.toContain('score');
    expect(view).not.toContain('passMark');
    const interest = defaultScenario('EXPRESSED_INTEREST_SUBSCRIPTION', 'INDIVIDUAL').nodes.find(
      (n) => n.id === 'investment',
    )!;
    expect(JSON.stringify(nodeView(interest))).not.toContain('sourceOfFunds');
  });
  it('counts steps done over total, the unknown branch at its longest', () => {
    const graph = defaultScenario('INVEST_SUBSCRIPTION', 'INDIVIDUAL');
    expect(journeyProgress(graph, 'NOT_STARTED', [], undefined)).toEqual({ status: 'NOT_STARTED', done: 0, total: 5 });
    expect(journeyProgress(graph, 'RUNNING', ['investorDetails'], 'investment')).toEqual({
      status: 'RUNNING',
      done: 1,
      total: 5,
      currentNodeId: 'investment',
    });
    expect(journeyProgress(graph, 'COMPLETED', ['a', 'b', 'c', 'd', 'e'], undefined)).toMatchObject({
      done: 5,
      total: 5,
    });
  });
});
