import type { ScenarioGraph } from '@tranche/shared/scenario/scenario.schema';
import { describe, expect, it } from 'vitest';
import { issuesByNode, layout, replaceNode, withPositions } from './graph';

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
