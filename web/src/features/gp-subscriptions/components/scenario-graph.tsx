import '@xyflow/react/dist/style.css';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { ScenarioGraph } from '@tranche/shared/scenario/scenario.schema';
import {
  applyNodeChanges,
  Background,
  type Connection,
  Controls,
  type Edge,
  MarkerType,
  type Node,
  type NodeChange,
  ReactFlow,
  useNodesInitialized,
  useReactFlow,
} from '@xyflow/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { layout, type Point } from '@/features/gp-subscriptions/lib/graph';

export interface ScenarioGraphViewProps {
  graph: ScenarioGraph;
  lang: Lang;
  /** The node whose details the side panel shows. */
  selected: string | null;
  onSelect: (nodeId: string) => void;
  /** Issues by node id: those nodes are drawn in red with their first issue under the title. */
  issues: ReadonlyMap<string, string[]>;
  /** Where the author dragged the nodes (kept in the draft on save). */
  onMoved: (positions: Record<string, Point>) => void;
  kindLabel: (kind: string) => string;
  label: string;
  /** Whether the author may connect, disconnect and delete (admins on any version: saving makes a draft). */
  editable: boolean;
  /** A connection dragged from one node's handle to another's. */
  onConnect: (from: string, to: string) => void;
  /** Connections deleted (selected, then Delete or Backspace), by their drawn ids. */
  onDisconnect: (edgeIds: string[]) => void;
  /** Nodes deleted the same way. */
  onRemove: (nodeIds: string[]) => void;
  /** The label of a router's default connection. */
  otherwiseLabel: string;
  /** A connection's name for screen readers, from the two steps' titles. */
  edgeLabel: (from: string, to: string) => string;
}

/**
 * Fits the view again when a step is added or removed (once React Flow has measured it), so a new
 * step is on screen to be connected: the first fit only covers the steps there were.
 */
const FitOnCount = ({ count }: { count: number }) => {
  const { fitView } = useReactFlow();
  const measured = useNodesInitialized();
  const fitted = useRef(count);
  useEffect(() => {
    if (!measured || fitted.current === count) return;
    fitted.current = count;
    void fitView();
  }, [count, measured, fitView]);
  return null;
};

/**
 * The scenario as a node graph (React Flow, loaded with the editor only). Nodes are the journey's
 * steps with their kind; edges and router branches are arrows (a branch named by its id, "otherwise"
 * for the default). Dragging a node moves it; clicking (or Enter on a focused node) selects it.
 */
const ScenarioGraphView = ({
  graph,
  lang,
  selected,
  onSelect,
  issues,
  onMoved,
  kindLabel,
  label,
  editable,
  onConnect,
  onDisconnect,
  onRemove,
  otherwiseLabel,
  edgeLabel,
}: ScenarioGraphViewProps) => {
  const positions = useMemo(() => layout(graph), [graph]);
  const built = useMemo<Node[]>(
    () =>
      graph.nodes.map((n) => {
        const problems = issues.get(n.id) ?? [];
        return {
          id: n.id,
          position: positions[n.id] ?? { x: 0, y: 0 },
          data: {
            label: (
              <div>
                <div style={{ fontSize: 11, color: 'var(--mantine-color-gray-7)' }}>{kindLabel(n.kind)}</div>
                <div style={{ fontWeight: 600 }}>{n.title[lang] || n.title.en}</div>
                {problems[0] && (
                  <div style={{ fontSize: 11, color: 'var(--mantine-color-red-8)', marginTop: 4 }}>{problems[0]}</div>
                )}
              </div>
            ),
          },
          selected: n.id === selected,
          deletable: editable && n.kind !== 'START',
          ariaLabel: `${kindLabel(n.kind)}: ${n.title[lang] || n.title.en}${problems[0] ? `. ${problems[0]}` : ''}`,
          style: {
            width: 200,
            borderColor: problems.length
              ? 'var(--mantine-color-red-7)'
              : n.id === selected
                ? 'var(--mantine-color-blue-7)'
                : undefined,
            borderWidth: problems.length || n.id === selected ? 2 : 1,
          },
        };
      }),
    [graph, positions, issues, selected, lang, kindLabel, editable],
  );
  const [nodes, setNodes] = useState(built);
  useEffect(() => setNodes(built), [built]);

  const edges = useMemo<Edge[]>(() => {
    const titleOf = (id: string) => {
      const n = graph.nodes.find((x) => x.id === id);
      return n ? n.title[lang] || n.title.en : id;
    };
    const out: Edge[] = graph.edges.map((e) => ({
      ariaLabel: edgeLabel(titleOf(e.from), titleOf(e.to)),
      id: e.id,
      source: e.from,
      target: e.to,
      markerEnd: { type: MarkerType.ArrowClosed },
    }));
    for (const n of graph.nodes) {
      if (n.kind !== 'ROUTER') continue;
      for (const b of n.branches)
        out.push({
          ariaLabel: edgeLabel(titleOf(n.id), titleOf(b.to)),
          id: `${n.id}-${b.id}`,
          source: n.id,
          target: b.to,
          label: b.id,
          markerEnd: { type: MarkerType.ArrowClosed },
        });
      if (n.otherwise)
        out.push({
          ariaLabel: edgeLabel(titleOf(n.id), titleOf(n.otherwise)),
          id: `${n.id}-otherwise`,
          source: n.id,
          target: n.otherwise,
          label: otherwiseLabel,
          style: { strokeDasharray: '4 3' },
          markerEnd: { type: MarkerType.ArrowClosed },
        });
    }
    return out;
  }, [graph, otherwiseLabel, edgeLabel, lang]);

  const onNodesChange = (changes: NodeChange[]) => {
    setNodes((current) => {
      const next = applyNodeChanges(changes, current);
      if (changes.some((c) => c.type === 'position' && c.dragging === false))
        onMoved(Object.fromEntries(next.map((n) => [n.id, n.position])));
      return next;
    });
  };

  return (
    <div style={{ height: 520, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        onNodesChange={onNodesChange}
        onNodeClick={(_, node) => onSelect(node.id)}
        nodesConnectable={editable}
        edgesFocusable={editable}
        onConnect={(c: Connection) => c.source && c.target && onConnect(c.source, c.target)}
        onEdgesDelete={(deleted) => onDisconnect(deleted.map((e) => e.id))}
        onNodesDelete={(deleted) => onRemove(deleted.map((n) => n.id))}
        // The start is never deleted (removeNode refuses it too); Delete and Backspace only while editing.
        deleteKeyCode={editable ? ['Delete', 'Backspace'] : null}
        fitView
        aria-label={label}
      >
        <Background />
        <FitOnCount count={graph.nodes.length} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
};
export default ScenarioGraphView;
