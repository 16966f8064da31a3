import type { ScenarioGraph, ScenarioIssue, ScenarioNode } from '@tranche/shared/scenario/scenario.schema';

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
