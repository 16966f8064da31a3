import { describe, expect, it } from 'vitest';
import type { ScenarioGraph, ScenarioNode } from '../scenario/scenario.schema.js';
import {
  AMENDABLE_STATUSES,
  amendableNodes,
  amendedAmount,
  answerFields,
  fieldChanges,
  isAmendable,
  sameValue,
} from './modification.js';
import { SUBSCRIPTION_LIFECYCLE } from './subscription-lifecycle.js';

const l = (en: string) => ({ en, 'zh-CN': en });
const form: ScenarioNode = {
  id: 'investment',
  kind: 'FORM',
  title: l('Your investment'),
  elements: [
    { id: 'intro', element: 'PARAGRAPH', label: l('Tell us'), requirement: 'OPTIONAL' },
    { id: 'amount', element: 'AMOUNT', label: l('Amount'), requirement: 'MANDATORY', prefill: 'subscription.amount' },
    { id: 'source', element: 'INPUT', fieldType: 'text', label: l('Source of funds'), requirement: 'MANDATORY' },
    { id: 'secret', element: 'INPUT', fieldType: 'text', label: l('Internal'), requirement: 'HIDDEN' },
    { id: 'prefs', element: 'CHECKBOX_GROUP', label: l('Preferences'), requirement: 'OPTIONAL', options: [] },
  ],
} as unknown as ScenarioNode;
const statement = {
  id: 'declare',
  kind: 'STATEMENT',
  title: l('Declarations'),
  body: l('x'),
  consents: [],
} as unknown as ScenarioNode;
const coHolder = { ...form, id: 'coholder', party: 'JOINT_HOLDER' } as ScenarioNode;
const graph = {
  nodes: [form, statement, coHolder],
  edges: [],
  interactionMode: 'INTERACTIONS',
} as unknown as ScenarioGraph;

describe('modification rules', () => {
  it('amends only the investor’s done form steps, in the order done', () => {
    expect(amendableNodes(graph, ['declare', 'investment', 'coholder']).map((n) => n.id)).toEqual(['investment']);
    expect(amendableNodes(graph, ['declare'])).toEqual([]);
    expect(isAmendable(statement)).toBe(false);
  });

  it('lists the labelled answers of value fields, never display or hidden ones', () => {
    if (!isAmendable(form)) throw new Error('form');
    expect(
      answerFields(form, { amount: '100', source: 'Salary', secret: 'x' }).map((f) => [f.elementId, f.value]),
    ).toEqual([
      ['amount', '100'],
      ['source', 'Salary'],
      ['prefs', null],
    ]);
  });

  it('names each changed field before and after, ignoring key order and empty versus absent', () => {
    if (!isAmendable(form)) throw new Error('form');
    const before = { amount: '100', source: 'Salary', prefs: ['a', 'b'] };
    expect(fieldChanges(form, before, { ...before })).toEqual([]);
    expect(fieldChanges(form, { amount: '100', source: '' }, { amount: '100' })).toEqual([]);
    expect(fieldChanges(form, before, { ...before, amount: '250', prefs: ['b', 'a'] })).toEqual([
      { elementId: 'amount', label: l('Amount'), before: '100', after: '250' },
      { elementId: 'prefs', label: l('Preferences'), before: ['a', 'b'], after: ['b', 'a'] },
    ]);
    expect(sameValue([{ a: '1', b: '2' }], [{ b: '2', a: '1' }])).toBe(true);
  });

  it('reads the amended amount from the amount field bound to the subscription, only where a step changed', () => {
    if (!isAmendable(form)) throw new Error('form');
    expect(amendedAmount([form], { investment: { amount: ' 250000 ' } })).toBe('250000');
    expect(amendedAmount([form], {})).toBeUndefined();
    expect(amendedAmount([form], { investment: { source: 'Gift' } })).toBeUndefined();
  });

  it('is open exactly where the lifecycle lets the investor AMEND', () => {
    for (const status of SUBSCRIPTION_LIFECYCLE.states) {
      const allowed = SUBSCRIPTION_LIFECYCLE.allowedEvents(status, 'LP', { type: 'INVEST_SUBSCRIPTION' }).includes(
        'AMEND',
      );
      expect(allowed, status).toBe(AMENDABLE_STATUSES.includes(status));
    }
    expect(SUBSCRIPTION_LIFECYCLE.next('REVIEWING', 'AMEND', 'LP', { type: 'INVEST_SUBSCRIPTION' })).toBe('SUBMITTED');
  });
});
