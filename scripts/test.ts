/**
 * `npm test`: every check. Lint, both type checks, the web build and its initial-JS budget, the
 * Vitest projects (integration against the local stand-ins in a run of its own, CDK assertions in
 * another, the rest together), and the browser end-to-end tests in Chromium. Steps run side by
 * side, at most TEST_JOBS (default 2) at a time, the integration project first because it is the
 * longest (docs/decisions.md, "Test time"). Output is grouped: the step that started first streams,
 * the others are held and printed whole when they reach the front, so lines of two steps never
 * interleave. Ends with a table of every step's time and result, then one plain line:
 * `N passed, N failed`.
 *
 * `npm test -- lint types` runs only the named steps: lint, types, build, unit (every Vitest project
 * but integration and cdk), cdk, integration, vitest (all three), e2e, lighthouse.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../local/ports.js';
import vitestConfig from '../vitest.config.js';

const out = mkdtempSync(join(tmpdir(), 'tranche-test-'));
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || 2);
let passed = 0;
let failed = 0;

interface Step {
  id: string;
  name: string;
  /** The names on the command line that select it. */
  tags: string[];
  command: string;
  args: string[];
  env?: () => Promise<Record<string, string>>;
  /** Steps that must pass first (it is skipped if one fails); a step not selected is not waited for. */
  needs?: string[];
  /** Adds the step's test counts to the totals once it has ended. */
  count?: () => void;
}

interface Run {
  step: Step;
  state: 'waiting' | 'running' | 'passed' | 'failed' | 'skipped';
  started?: number;
  seconds?: number;
  held: string[];
  log?: WriteStream;
  child?: ChildProcess;
  note?: string;
}

const countVitest = (file: string) => () => {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
};

const countPlaywright = (file: string) => () => {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
};

const vitest = (report: string, projects: string[]) => [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];

const integrationReport = join(out, 'vitest-integration.json');
const cdkReport = join(out, 'vitest-cdk.json');
const unitReport = join(out, 'vitest.json');
const e2eReport = join(out, 'playwright.json');

/**
 * The Vitest projects other than integration and cdk, read from the config so that a project added
 * there is run here too. (`--project '!integration'` cannot exclude two: negations are or-ed.)
 */
const otherProjects = (vitestConfig.test?.projects ?? [])
  .map((p) => (typeof p === 'object' && 'test' in p ? p.test?.name : undefined))
  .filter((name): name is string => typeof name === 'string' && name !== 'integration' && name !== 'cdk');

/**
 * Taken in this order whenever a slot is free (a step whose needs have not ended is passed over).
 * The two longest first: integration (its stack starts, then its files run one by one, mostly
 * waiting on the stand-ins) in one slot, and in the other lint, the web build and at once the
 * browser tests, which need the build. The type checks, the other Vitest projects and the CDK synths
 * then fill whichever slot frees first. With the browser tests last (the old order) they began
 * after every CPU-bound step and ended the run minutes after the integration tests.
 */
const STEPS: Step[] = [
  {
    id: 'integration',
    name: 'integration tests (Vitest, local stack)',
    tags: ['vitest', 'integration'],
    command: 'npx',
    args: vitest(integrationReport, ['integration']),
    count: countVitest(integrationReport),
  },
  { id: 'lint', name: 'lint and format (Biome)', tags: ['lint'], command: 'npx', args: ['biome', 'ci', '.'] },
  { id: 'build', name: 'web build', tags: ['build'], command: 'npm', args: ['run', 'build', '-w', 'web'] },
  {
    id: 'budget',
    name: 'web initial JS budget (170 KB gzipped)',
    tags: ['build'],
    command: 'node',
    args: ['web/scripts/initial-js-size.mjs'],
    needs: ['build'],
  },
  {
    id: 'css',
    name: 'web Mantine styles cover every component used',
    tags: ['build'],
    command: 'node',
    args: ['web/scripts/css-coverage.mjs'],
    needs: ['build'],
  },
  {
    id: 'e2e',
    name: 'browser end-to-end tests (Playwright, Chromium)',
    tags: ['e2e'],
    command: 'npx',
    args: ['playwright', 'test', '--reporter=list,json'],
    env: async () => ({ E2E_PORT: String(await freePort()), PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport }),
    needs: ['build'],
    count: countPlaywright(e2eReport),
  },
  {
    id: 'types',
    name: 'type check (server, shared, CDK, tests)',
    tags: ['types'],
    command: 'npx',
    args: ['tsc', '-p', 'tsconfig.json'],
  },
  {
    id: 'types-web',
    name: 'type check (web)',
    tags: ['types'],
    command: 'npx',
    args: ['tsc', '-p', 'web/tsconfig.json'],
  },
  {
    id: 'unit',
    name: `${otherProjects.join(', ').replace(/, ([^,]*)$/, ' and $1')} tests (Vitest)`,
    tags: ['vitest', 'unit'],
    command: 'npx',
    args: vitest(unitReport, otherProjects),
    count: countVitest(unitReport),
  },
  {
    id: 'cdk',
    name: 'CDK assertions (Vitest)',
    tags: ['vitest', 'cdk'],
    command: 'npx',
    args: vitest(cdkReport, ['cdk']),
    count: countVitest(cdkReport),
  },
  {
    // Its own stack on a free port, so it can run beside the browser tests (docs/decisions.md, issue 9).
    id: 'lighthouse',
    name: 'Lighthouse, mobile: CLS 0.05 judged; LCP 2.5 s, TBT 200 ms reported',
    tags: ['lighthouse'],
    command: 'npx',
    args: ['tsx', 'test/perf/lighthouse.ts'],
    // Timings are judged by `npm run bench`, alone on the machine (test/perf/lighthouse.ts).
    env: async () => ({ LIGHTHOUSE_TIMINGS: 'report' }),
    needs: ['build'],
  },
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !STEPS.some((s) => s.tags.includes(name)));
if (unknown.length) {
  console.error(`Unknown step ${unknown.join(', ')}; steps: ${[...new Set(STEPS.flatMap((s) => s.tags))].join(', ')}`);
  process.exit(2);
}
const selected = STEPS.filter((s) => only.length === 0 || s.tags.some((t) => only.includes(t)));
// With no project left besides integration and cdk, `vitest run` without --project would run them all.
const runs: Run[] = selected
  .filter((s) => s.id !== 'unit' || otherProjects.length > 0)
  .map((step) => ({
    step,
    state: 'waiting',
    held: [],
  }));
const byId = new Map(runs.map((r) => [r.step.id, r]));

// Output grouping: `shown` is the runs in start order whose output is not yet all printed. Its
// head writes straight through; the others are held until they reach the head.
const shown: Run[] = [];
const footer = (run: Run) =>
  `${run.state === 'passed' ? '✔' : '✘'} ${run.step.name} (${run.seconds?.toFixed(1)} s)${run.note ? `: ${run.note}` : ''}\n`;
const write = (run: Run, text: string) => {
  run.log?.write(text);
  if (shown[0] === run) process.stdout.write(text);
  else run.held.push(text);
};
const flush = () => {
  while (shown[0]) {
    const head = shown[0];
    process.stdout.write(head.held.join(''));
    head.held = [];
    if (head.state === 'running') return;
    process.stdout.write(footer(head));
    shown.shift();
  }
};

const ended = (run: Run, ok: boolean, note?: string) => {
  // A process that failed to spawn reports 'error' and may then report 'close' as well.
  if (run.state !== 'running') return;
  run.state = ok ? 'passed' : 'failed';
  run.seconds = (Date.now() - (run.started ?? Date.now())) / 1000;
  run.note = note;
  run.log?.end();
  run.step.count?.();
  if (shown[0] === run) {
    process.stdout.write(footer(run));
    shown.shift();
    flush();
  }
};

const start = async (run: Run) => {
  run.state = 'running';
  run.started = Date.now();
  shown.push(run);
  run.log = createWriteStream(join(out, `${run.step.id}.log`));
  write(run, `\n▶ ${run.step.name}\n`);
  const env = { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...(await run.step.env?.()) };
  const child = spawn(run.step.command, run.step.args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  run.child = child;
  // As text, so a character split across two chunks is decoded whole.
  child.stdout?.setEncoding('utf8').on('data', (d: string) => write(run, d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => write(run, d));
  await new Promise<void>((resolve) => {
    child.once('error', (e) => {
      ended(run, false, e.message);
      resolve();
    });
    child.once('close', (code, signal) => {
      ended(run, code === 0, signal ? `stopped by ${signal}` : undefined);
      resolve();
    });
  });
};

/**
 * The first waiting run whose needs have all ended, in STEPS order. A run whose need failed is
 * marked skipped instead (an end-to-end test of a build that failed would test a stale one).
 */
const pick = (): Run | undefined => {
  for (const run of runs) {
    if (run.state !== 'waiting') continue;
    const needs = (run.step.needs ?? []).flatMap((id) => byId.get(id) ?? []);
    if (needs.some((n) => n.state === 'waiting' || n.state === 'running')) continue;
    const blocker = needs.find((n) => n.state !== 'passed');
    if (!blocker) return run;
    run.state = 'skipped';
    run.note = `${blocker.step.name} did not pass`;
  }
  return undefined;
};

/** `jobs` lanes; each takes the next ready step when its own has ended, until none is left. */
const lane = async (): Promise<void> => {
  for (;;) {
    const run = pick();
    if (run) await start(run);
    else if (runs.some((r) => r.state === 'waiting')) await new Promise((r) => setTimeout(r, 200));
    else return;
  }
};

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const run of runs) if (run.state === 'running') run.child?.kill(signal);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

const began = Date.now();
await Promise.all(Array.from({ length: jobs }, lane));
flush();

const width = Math.max(10, ...runs.map((r) => r.step.name.length));
console.log(`\nStep${' '.repeat(width - 4)}  Seconds  Result`);
for (const run of runs) {
  const seconds = run.seconds === undefined ? '-' : run.seconds.toFixed(1);
  console.log(
    `${run.step.name.padEnd(width)}  ${seconds.padStart(7)}  ${run.state}${run.note ? ` (${run.note})` : ''}`,
  );
}
const total = runs.reduce((sum, r) => sum + (r.seconds ?? 0), 0);
console.log(
  `${'wall clock'.padEnd(width)}  ${((Date.now() - began) / 1000).toFixed(1).padStart(7)}  (steps add up to ${total.toFixed(1)} s, ${jobs} at a time; logs in ${out})`,
);

const failures = runs.filter((r) => r.state === 'failed').map((r) => r.step.name);
const skipped = runs.some((r) => r.state === 'skipped');
console.log(failures.length ? `\nFailed steps: ${failures.join(', ')}` : '\nAll steps passed.');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || skipped || failed ? 1 : 0);
