/**
 * The scenario compiler's figure (issue 13 checks: "compiling a 100-node scenario, median at most
 * 200 ms"): validating and compiling a 100-node graph (forms, a router every ten nodes with both
 * branches, system nodes), as publishing does before it creates the state machine. In process, no
 * stack. BENCH_ONLY=scenario; also runnable alone: `npx tsx bench/scenario.ts`.
 */
import { compileScenario } from '../shared/src/scenario/compile.js';
import type { ScenarioGraph, ScenarioNode } from '../shared/src/scenario/scenario.schema.js';
import { validateScenario } from '../shared/src/scenario/validate.js';

const RUNS = Number(process.env.BENCH_SCENARIO_RUNS ?? 30);
const TARGET_MEDIAN_MS = 200;
const l = (en: string) => ({ en, 'zh-CN': en });

/** 100 nodes: start, end, and 98 in blocks of a form, a router to one of two forms, then a change. */
export const hundredNodeScenario = (): ScenarioGraph => {
  const nodes: ScenarioNode[] = [{ id: 'start', kind: 'START', title: l('Start') }];
  const edges: ScenarioGraph['edges'] = [];
  let previous = 'start';
  const link = (from: string, to: string) => edges.push({ id: `e${edges.length}`, from, to });
  for (let block = 0; nodes.length + 5 <= 96; block++) {
    const ask = `ask${block}`;
    nodes.push({
      id: ask,
      kind: 'FORM',
      title: l(`Step ${block}`),
      elements: [
        { id: 'name', element: 'INPUT', fieldType: 'text', label: l('Name'), requirement: 'MANDATORY' },
        { id: 'amount', element: 'AMOUNT', label: l('Amount'), requirement: 'MANDATORY' },
      ],
    });
    link(previous, ask);
    const [big, small, join] = [`big${block}`, `small${block}`, `join${block}`];
    nodes.push({
      id: `route${block}`,
      kind: 'ROUTER',
      title: l('Route'),
      branches: [
        { id: 'big', to: big, when: { source: 'RESULT', nodeId: ask, field: 'amount', op: 'GTE', value: 1_000_000 } },
      ],
      otherwise: small,
    });
    link(ask, `route${block}`);
    for (const id of [big, small]) {
      nodes.push({
        id,
        kind: 'STATEMENT',
        title: l(id),
        body: l('Read this'),
        consents: [{ id: 'ok', label: l('OK') }],
      });
      link(id, join);
    }
    nodes.push({ id: join, kind: 'CHANGE_DB_VALUE', title: l('Flag'), field: 'riskScore', value: block });
    previous = join;
  }
  // Plain forms up to 98, then the inbox note and the end: exactly 100 nodes.
  for (let pad = 0; nodes.length < 98; pad++) {
    const id = `pad${pad}`;
    nodes.push({
      id,
      kind: 'FORM',
      title: l(id),
      elements: [{ id: 'note', element: 'INPUT', label: l('Note'), requirement: 'OPTIONAL' }],
    });
    link(previous, id);
    previous = id;
  }
  nodes.push({ id: 'note', kind: 'INBOX', title: l('Note'), to: 'INVESTOR', body: l('Done') });
  link(previous, 'note');
  nodes.push({ id: 'end', kind: 'END', title: l('End') });
  link('note', 'end');
  return { interactionMode: 'INTERACTIONS', nodes, edges };
};

export const benchScenario = (row: (...cells: string[]) => void): void => {
  const graph = hundredNodeScenario();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const issues = validateScenario(graph);
    if (issues.length) throw new Error(`The bench scenario is invalid: ${JSON.stringify(issues[0])}`);
    compileScenario(graph);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  row(
    `scenario validate + compile (${graph.nodes.length} nodes)`,
    `${median.toFixed(1)} ms median`,
    `${times[0]!.toFixed(1)} ms min`,
    `<= ${TARGET_MEDIAN_MS} ms`,
    median <= TARGET_MEDIAN_MS ? 'ok' : 'OVER',
  );
};

if (import.meta.url === `file://${process.argv[1]}`) benchScenario((...cells) => console.log(cells.join('  ')));
