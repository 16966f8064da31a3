import { describe, expect, it } from 'vitest';
import type { ScenarioGraph } from './scenario.schema.js';
import { mapSignersToPlaces, placesInOrder, signTemplateProblem, type TemplatePlace } from './sign-template.js';
import { validateScenario } from './validate.js';

const place = (signerId: string, group = 1, role: TemplatePlace['role'] = 'LP'): TemplatePlace => ({
  signerId,
  label: `Place ${signerId}`,
  role,
  group,
});

describe("a sign step's signers on a signing template's places", () => {
  it('gives the places, in signing order (group, then the template order), to the investor, joint holders, signatories', () => {
    const places = [place('second', 2), place('first', 1), place('also-first', 1)];
    expect(placesInOrder(places).map((p) => p.signerId)).toEqual(['first', 'also-first', 'second']);
    const mapped = mapSignersToPlaces(places, [{ signerId: 'holder' }, { signerId: 'co-1' }, { signerId: 'co-2' }]);
    expect(mapped.ok && mapped.pairs.map((p) => [p.place.signerId, p.signer.signerId])).toEqual([
      ['first', 'holder'],
      ['also-first', 'co-1'],
      ['second', 'co-2'],
    ]);
  });

  it('refuses places the signers do not fill exactly, and places not on the investor side', () => {
    expect(mapSignersToPlaces([place('a'), place('b')], [{ signerId: 'holder' }])).toEqual({
      ok: false,
      reason: 'the template has 2 signer places and this subscription has 1 signers',
    });
    expect(mapSignersToPlaces([place('a')], [{ signerId: 'holder' }, { signerId: 'co-1' }]).ok).toBe(false);
    const gp = mapSignersToPlaces([place('a'), place('gp', 2, 'GP')], [{ signerId: 'holder' }, { signerId: 'co-1' }]);
    expect(gp).toMatchObject({ ok: false, reason: expect.stringContaining('GP place') });
  });

  it('tells at publishing what can never be filled: a GP place, several places for the investor alone, an unknown tag', () => {
    const tags = ['INVESTOR_NAME'];
    expect(signTemplateProblem(['INVESTOR'], { signers: [place('a')], tags })).toBeUndefined();
    expect(signTemplateProblem(['INVESTOR'], { signers: [place('a'), place('b')], tags })).toContain('2 signer places');
    // Joint holders' count depends on each profile: matched when the agreement is sent, not here.
    expect(signTemplateProblem(['INVESTOR', 'JOINT_HOLDERS'], { signers: [place('a'), place('b')], tags })).toBe(
      undefined,
    );
    expect(signTemplateProblem(['INVESTOR'], { signers: [place('w', 1, 'WITNESS')], tags })).toContain('WITNESS');
    expect(signTemplateProblem(['INVESTOR'], { signers: [place('a')], tags: ['INVESTOR_ADDRESS'] })).toContain(
      'INVESTOR_ADDRESS',
    );
  });

  it('the scenario check names the sign node whose template is deleted or unfillable, when the templates were read', () => {
    const l = (en: string) => ({ en, 'zh-CN': en });
    const graph: ScenarioGraph = {
      interactionMode: 'INTERACTIONS',
      nodes: [
        { id: 'start', kind: 'START', title: l('Start') },
        {
          id: 'sign',
          kind: 'SIGN',
          title: l('Sign'),
          templateId: 'tpl1',
          documentTitle: l('Agreement'),
          signers: ['INVESTOR'],
        },
        { id: 'end', kind: 'END', title: l('End') },
      ],
      edges: [
        { id: 'e1', from: 'start', to: 'sign' },
        { id: 'e2', from: 'sign', to: 'end' },
      ],
    };
    expect(validateScenario(graph)).toEqual([]);
    const kept = { signers: [place('investor')], tags: ['INVESTOR_NAME'] };
    expect(validateScenario(graph, { templates: new Map([['tpl1', kept]]) })).toEqual([]);
    expect(validateScenario(graph, { templates: new Map([['tpl1', null]]) })).toEqual([
      expect.objectContaining({
        rule: 'signTemplate',
        nodeId: 'sign',
        message: expect.stringContaining('no longer kept'),
      }),
    ]);
    const two = { signers: [place('a'), place('b')], tags: [] };
    expect(validateScenario(graph, { templates: new Map([['tpl1', two]]) })).toEqual([
      expect.objectContaining({ rule: 'signTemplate', nodeId: 'sign' }),
    ]);
  });
});
