/**
 * `npx tsx bench/bundles.ts [handler-substring ...]`: the cold-start part of the bench on its own.
 * Builds every route's handler with the esbuild options CDK deploys (HANDLER_ESBUILD_OPTIONS), then
 * prints each bundle's minified size and its module load over fresh Node processes, and how many are
 * over the 400 KB / 120 ms targets. `npm run bench` (bench/run.ts) uses the same functions.
 *
 * Module load is judged on the main thread's CPU time, printed beside the whole process's CPU time,
 * the wall time and the machine's load average. Wall time is what the 120 ms target means (Lambda's
 * Init Duration), but on the shared 2-core machines it measured the neighbours (480-1,230 ms at load
 * average 25-29 for bundles that load in ~130 ms of CPU). The main thread's CPU time of the import
 * (process.threadCpuUsage around it, in a fresh process: parsing, compiling and evaluating the bundle)
 * is the work on the load's critical path, which a busy machine stretches far less; on an idle machine
 * it matches the wall time within a few ms. The whole process's CPU time is ~30 ms more: V8's and
 * Node's helper threads work beside the main thread (and turning them off, `--single-threaded`, made
 * loads slower), so it overstates the wait. All are medians of BUNDLE_RUNS loads; `min` is the least
 * disturbed load.
 *
 * Environment: BUNDLE_RUNS (module loads per handler, default 7; 0 measures sizes only),
 * BUNDLE_TOP=n (print the n largest inputs of each bundle, from esbuild's metafile, to see what
 * dominates the size), BUNDLE_EVAL=n (print the n modules whose top-level code takes longest to
 * evaluate, from a second build with a timestamp after each module: what dominates the load beyond
 * parsing), BUNDLE_OUT (output folder, default bench/out). Arguments filter handlers by substring.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { ROUTE_LIST } from '@tranche/shared/http/routes';
import { WORKERS } from '@tranche/shared/infra/workers';
import { build, type Metafile } from 'esbuild';
import { addCommonPasswordsAsset } from '../cdk/lib/constructs/common-passwords-asset.mjs';
import { HANDLER_ESBUILD_OPTIONS } from '../cdk/lib/constructs/handler-bundling.js';

const ROOT = resolve(import.meta.dirname, '..');
export const SIZE_TARGET_BYTES = 400 * 1024;
export const LOAD_TARGET_MS = 120;

/**
 * Handlers with a budget of their own, each a worker no request waits on. The signing worker
 * (issue 12, docs/signing.md "Bundle size") carries pdf-lib with its standard fonts, node-forge and
 * @signpdf to check and seal PDFs (~700 KB of the bundle, which no choice of signing library brings
 * under 400 KB): ~1.0 MB in all. It runs on an event, never on an API path; the budget keeps it from
 * growing unseen.
 */
export const OWN_BUDGETS: Record<string, { bytes: number; loadMs: number }> = {
  'signing/signing-worker': { bytes: 1350 * 1024, loadMs: 600 },
  // Issue 14's notice worker (docs/money.md "Notices, currency, reversals"): pdf-lib with its standard
  // fonts is ~500 KB of its 697 KB (measured 05:20 UTC); it renders notices on an event, never on an API path.
  'money/notice-worker': { bytes: 750 * 1024, loadMs: 400 },
  // Its CJK worker (docs/money.md "Notice and contract note PDFs in Chinese"): the same with fontkit
  // (~740 KB, one UMD file that does not shake), for the notices the standard fonts cannot draw.
  'money/notice-cjk-worker': { bytes: 1500 * 1024, loadMs: 600 },
};
const sizeTargetOf = (handler: string) => OWN_BUDGETS[handler]?.bytes ?? SIZE_TARGET_BYTES;
const loadTargetOf = (handler: string) => OWN_BUDGETS[handler]?.loadMs ?? LOAD_TARGET_MS;

export interface BundleFigure {
  handler: string;
  bytes: number;
  /** Median module load of fresh processes, wall time, ms; NaN when not measured. */
  loadMs: number;
  /** Median CPU time (user + system) of the main thread in the same loads: the judged figure, steadier on a shared machine. */
  cpuMs: number;
  /** The least such CPU time among the loads: the least disturbed one. */
  cpuMinMs: number;
  /** Median CPU time of the whole process (the main thread and V8's and Node's helper threads). */
  processCpuMs: number;
  /** One-minute load average when the loads were measured (os.loadavg), to read the wall time by. */
  loadAverage: number;
  metafile: Metafile;
  file: string;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** Every deployed handler: one per route, plus the ones CDK wires outside the route table. */
export const handlerNames = () => [
  ...new Set([
    ...ROUTE_LIST.map((r) => r.handler),
    'meta/not-found',
    'flow/start-scenario',
    'flow/open-human-step',
    // The workers (stream and queue consumers, schedules, Step Functions tasks) pay a cold start too.
    ...WORKERS.map((w) => w.handler),
    ...Object.keys(OWN_BUDGETS),
  ]),
];

const LOAD_ENV = {
  TABLE_NAME: 'bench',
  AWS_REGION: 'us-east-1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

/**
 * Imports `file` once in a fresh Node process, as Lambda does (TrancheFunction sets NODE_OPTIONS:
 * the source map is read at load), and prints wall, main-thread CPU and process CPU ms of the import,
 * then `after`'s output.
 */
const loadOnce = (file: string, after = '') =>
  execFileSync(
    process.execPath,
    [
      '--enable-source-maps',
      '--input-type=module',
      '-e',
      `const c=process.cpuUsage(),m=process.threadCpuUsage(),t=performance.now();await import(${JSON.stringify(file)});const u=process.cpuUsage(c),v=process.threadCpuUsage(m);console.log(performance.now()-t,(v.user+v.system)/1000,(u.user+u.system)/1000);${after}`,
    ],
    { env: { ...process.env, ...LOAD_ENV } },
  )
    .toString()
    .trim()
    .split('\n');

/** Load time as a cold Lambda sees it: a fresh process importing the bundle once, start to resolved. */
export const measureLoad = (file: string, runs: number) => {
  const times: number[] = [];
  const cpu: number[] = [];
  const processCpu: number[] = [];
  const load: number[] = [];
  for (let i = 0; i < runs; i++) {
    load.push(loadavg()[0]!);
    const [wall, thread, process] = (loadOnce(file)[0] ?? '').split(' ').map(Number);
    times.push(wall ?? Number.NaN);
    cpu.push(thread ?? Number.NaN);
    processCpu.push(process ?? Number.NaN);
  }
  return {
    loadMs: median(times),
    cpuMs: median(cpu),
    cpuMinMs: Math.min(...cpu),
    processCpuMs: median(processCpu),
    loadAverage: median(load),
  };
};

const NOT_MEASURED = {
  loadMs: Number.NaN,
  cpuMs: Number.NaN,
  cpuMinMs: Number.NaN,
  processCpuMs: Number.NaN,
  loadAverage: Number.NaN,
};

/** The package, or the source file below the repository, a module path belongs to. */
const groupOf = (path: string) => {
  const nm = path.lastIndexOf('node_modules/');
  if (nm < 0) return path.startsWith(ROOT) ? path.slice(ROOT.length + 1) : path.replace(/^(\.\.\/)+/, '');
  const parts = path.slice(nm + 'node_modules/'.length).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
};

/**
 * What the handler's top-level code spends its load on, module by module: the same build with a
 * CPU-time stamp (process.threadCpuUsage) appended to every module, so the CPU time between one module's
 * end and the next is the next one's evaluation (its imports being evaluated before it), whatever
 * the machine's load. Parsing and compiling the bundle come before the first module and are not in
 * these figures. Median of `runs` loads, ms.
 */
export const moduleEvaluation = async (handler: string, dir: string, runs: number) => {
  const file = join(dir, 'evaluation.mjs');
  await build({
    ...HANDLER_ESBUILD_OPTIONS,
    entryPoints: [resolve(ROOT, 'functions/src', `${handler}.ts`)],
    outfile: file,
    banner: { js: `${HANDLER_ESBUILD_OPTIONS.banner.js}globalThis.__benchMarks=[['',process.threadCpuUsage()]];` },
    logLevel: 'silent',
    plugins: [
      {
        name: 'evaluation-marks',
        setup(b) {
          b.onLoad({ filter: /\.(ts|mts|js|mjs|cjs)$/ }, (args) => ({
            contents: `${readFileSync(args.path, 'utf8')}\n;globalThis.__benchMarks.push([${JSON.stringify(args.path)},process.threadCpuUsage()]);\n`,
            loader: /\.m?ts$/.test(args.path) ? 'ts' : 'js',
          }));
        },
      },
    ],
  });
  const perGroup = new Map<string, number[]>();
  for (let i = 0; i < runs; i++) {
    const marks = JSON.parse(loadOnce(file, 'console.log(JSON.stringify(globalThis.__benchMarks))')[1]!) as [
      string,
      NodeJS.CpuUsage,
    ][];
    const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
    const run = new Map<string, number>();
    for (let j = 1; j < marks.length; j++) {
      const group = groupOf(marks[j]![0]);
      run.set(group, (run.get(group) ?? 0) + cpuMs(marks[j]![1]) - cpuMs(marks[j - 1]![1]));
    }
    for (const [group, ms] of run) perGroup.set(group, [...(perGroup.get(group) ?? []), ms]);
  }
  const rows = [...perGroup].map(([group, ms]) => [group, median(ms)] as const).sort((a, b) => b[1] - a[1]);
  return { totalMs: rows.reduce((sum, [, ms]) => sum + ms, 0), rows };
};

export const buildBundles = async (handlers: string[], runs: number): Promise<BundleFigure[]> => {
  // BUNDLE_OUT: another folder, so two people measuring at once do not delete each other's bundles.
  const out = resolve(ROOT, process.env.BUNDLE_OUT ?? 'bench/out');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const figures: BundleFigure[] = [];
  for (const handler of handlers) {
    // Laid out as deployed: index.mjs, and beside it what the after-bundling step adds.
    const dir = join(out, handler.replace('/', '__'));
    const file = join(dir, 'index.mjs');
    const result = await build({
      ...HANDLER_ESBUILD_OPTIONS,
      entryPoints: [resolve(ROOT, 'functions/src', `${handler}.ts`)],
      outfile: file,
      bundle: true,
      metafile: true,
      logLevel: 'silent',
    }).catch((e: Error) => {
      // One handler that does not build (a file mid-edit) should not hide the others' figures.
      console.error(`${handler}: ${e.message.split('\n').slice(0, 3).join(' ')}`);
      return undefined;
    });
    if (!result) continue;
    addCommonPasswordsAsset(ROOT, dir);
    figures.push({
      handler,
      bytes: statSync(file).size,
      ...(runs > 0 ? measureLoad(file, runs) : NOT_MEASURED),
      metafile: result.metafile,
      file,
    });
  }
  return figures;
};

/** Over 400 KB, or over 120 ms of main-thread CPU time to load (or the handler's own budget); the rest is printed beside it, not judged. */
export const overTarget = (f: BundleFigure) =>
  f.bytes > sizeTargetOf(f.handler) || (!Number.isNaN(f.cpuMs) && f.cpuMs > loadTargetOf(f.handler));

/** How a load reads against the 120 ms target: main-thread CPU (judged), its least, process CPU, wall, load average. */
export const describeLoad = (f: BundleFigure) =>
  Number.isNaN(f.cpuMs)
    ? ''
    : `cpu ${f.cpuMs.toFixed(1)} ms (min ${f.cpuMinMs.toFixed(1)}) vs ${loadTargetOf(f.handler)}, ` +
      `process ${f.processCpuMs.toFixed(1)} ms, wall ${f.loadMs.toFixed(1)} ms at load ${f.loadAverage.toFixed(1)}`;

/** The package (or source folder) each output byte came from, largest first. */
export const topInputs = (f: BundleFigure, n: number) => {
  const byGroup = new Map<string, number>();
  for (const output of Object.values(f.metafile.outputs)) {
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
      const nm = path.lastIndexOf('node_modules/');
      let group: string;
      if (nm >= 0) {
        const parts = path.slice(nm + 'node_modules/'.length).split('/');
        group = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
      } else {
        group = path.replace(/^(\.\.\/)+/, '');
      }
      byGroup.set(group, (byGroup.get(group) ?? 0) + bytesInOutput);
    }
  }
  return [...byGroup.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('bench/bundles.ts')) {
  const filters = process.argv.slice(2);
  const runs = Number(process.env.BUNDLE_RUNS ?? 7);
  const top = Number(process.env.BUNDLE_TOP ?? 0);
  const evaluation = Number(process.env.BUNDLE_EVAL ?? 0);
  const handlers = handlerNames().filter((h) => filters.length === 0 || filters.some((s) => h.includes(s)));
  const figures = await buildBundles(handlers, runs);
  for (const f of [...figures].sort((a, b) => b.bytes - a.bytes)) {
    console.log(`${overTarget(f) ? 'OVER' : 'ok  '}  ${kb(f.bytes).padStart(10)}  ${f.handler}  ${describeLoad(f)}`);
    if (top > 0) for (const [g, b] of topInputs(f, top)) console.log(`        ${kb(b).padStart(10)}  ${g}`);
    if (evaluation > 0) {
      const { totalMs, rows } = await moduleEvaluation(f.handler, resolve(f.file, '..'), Math.max(runs, 3));
      console.log(`        top-level evaluation ${totalMs.toFixed(1)} ms, of which:`);
      for (const [g, ms] of rows.slice(0, evaluation)) console.log(`        ${ms.toFixed(1).padStart(7)} ms  ${g}`);
    }
  }
  const over = figures.filter(overTarget);
  const sizes = figures.map((f) => f.bytes);
  const range = (xs: number[]) => `${Math.min(...xs).toFixed(1)} .. ${Math.max(...xs).toFixed(1)} ms`;
  console.log(
    `\n${over.length} of ${figures.length} handlers over target (<= 400 KB${runs > 0 ? `, <= ${LOAD_TARGET_MS} ms median main-thread CPU time to load` : ''}); ` +
      `sizes ${kb(Math.min(...sizes))} .. ${kb(Math.max(...sizes))}`,
  );
  if (runs > 0) {
    const overWall = figures.filter((f) => f.loadMs > LOAD_TARGET_MS).length;
    console.log(
      `module load, median of ${runs}: main-thread cpu ${range(figures.map((f) => f.cpuMs))}; ` +
        `process cpu ${range(figures.map((f) => f.processCpuMs))}; wall ${range(figures.map((f) => f.loadMs))} ` +
        `(${overWall} over ${LOAD_TARGET_MS} ms by wall time) at load average ${range(figures.map((f) => f.loadAverage)).replace(/ ms$/, '')} ` +
        `on ${cpus().length} cores${Math.max(...figures.map((f) => f.loadAverage)) > cpus().length ? ': busier than its cores, so read the CPU figures' : ''}`,
    );
  }
}
