import { describe, expect, it } from 'vitest';
import type { Condition, ScenarioGraph } from '../scenario/scenario.schema.js';
import { amendmentRerun, conditionHolds, type RoutingInput } from './amendment-rerun.js';

const l = (en: string) => ({ en, 'zh-CN': en });
const form = (id: string) => ({
  id,
  kind: 'FORM' as const,
  title: l(id),
  elements: [{ id: 'amount', element: 'AMOUNT' as const, label: l('Amount'), requirement: 'MANDATORY' as const }],
});

/** details -> route (amount >= 500000: large, else small) -> sign -> end. */
const graph: ScenarioGraph = {
  interactionMode: 'INTERACTIONS',
  nodes: [
    { id: 'start', kind: 'START', title: l('Start') },
    form('details'),
    {
      id: 'route',
      kind: 'ROUTER',
      title: l('Size'),
      branches: [
        {
          id: 'big',
          to: 'large',
          when: { source: 'RESULT', nodeId: 'details', field: 'amount', op: 'GTE', value: 500000 },
        },
      ],
      otherwise: 'small',
    },
    form('large'),
    form('small'),
    { id: 'sign', kind: 'SIGN', title: l('Sign'), documentTitle: l('Agreement'), signers: ['INVESTOR'] },
    { id: 'end', kind: 'END', title: l('End') },
  ],
  edges: [
    { id: 'e1', from: 'start', to: 'details' },
    { id: 'e5', from: 'details', to: 'route' },
    { id: 'e2', from: 'large', to: 'sign' },
    { id: 'e3', from: 'small', to: 'sign' },
    { id: 'e4', from: 'sign', to: 'end' },
  ],
};

const input = (amount: number): RoutingInput => ({
  results: { details: { amount }, small: { amount: 1 }, sign: { signed: true } },
  subscription: { amount, currency: 'USD' },
});

describe('which amendments change the journey', () => {
  it('judges conditions as the compiled Choice does: present, and of the comparison type', () => {
    const c = (op: Condition['op'], value?: Condition['value']): Condition => ({
      source: 'SUBSCRIPTION',
      field: 'x',
      op,
      ...(value === undefined ? {} : { value }),
    });
    const at = (x: unknown): RoutingInput => ({ results: {}, subscription: x === undefined ? {} : { x } });
    expect(conditionHolds(c('GTE', 10), at(10))).toBe(true);
    expect(conditionHolds(c('GTE', 10), at('10'))).toBe(false);
    expect(conditionHolds(c('EQ', 'a'), at('a'))).toBe(true);
    expect(conditionHolds(c('EQ', true), at('true'))).toBe(false);
    expect(conditionHolds(c('NEQ', 'a'), at('b'))).toBe(true);
    expect(conditionHolds(c('NEQ', 'a'), at(undefined))).toBe(false);
    expect(conditionHolds(c('IN', ['a', 'b']), at('b'))).toBe(true);
    expect(conditionHolds(c('PRESENT'), at(0))).toBe(true);
    expect(conditionHolds(c('LT', 5), at(undefined))).toBe(false);
  });

  it('lets an amendment that keeps every branch and no signed amount through', () => {
    expect(amendmentRerun(graph, ['details', 'small'], input(100000), input(200000), false)).toEqual({
      routers: [],
      signNodes: [],
    });
  });

  it('names a router that would now take another branch, and the first step to redo after it', () => {
    expect(amendmentRerun(graph, ['details', 'small'], input(100000), input(600000), false)).toEqual({
      routers: ['route'],
      signNodes: [],
      from: 'small',
    });
  });

  it('names a signed agreement whose amount changes, even when every branch stays', () => {
    expect(amendmentRerun(graph, ['details', 'small', 'sign'], input(100000), input(200000), true)).toEqual({
      routers: [],
      signNodes: ['sign'],
      from: 'sign',
    });
    expect(amendmentRerun(graph, ['details', 'small', 'sign'], input(100000), input(900000), true)).toMatchObject({
      routers: ['route'],
      signNodes: ['sign'],
      from: 'small',
    });
  });
});
