/**
 * `npx tsx bench/bundles.ts [handler-substring ...]`: the cold-start part of the bench on its own.
 * Builds every route's handler with the esbuild options CDK deploys (HANDLER_ESBUILD_OPTIONS), then
 * prints each bundle's minified size and its median module load over fresh Node processes (wall
 * time, the target, and CPU time, which a busy shared machine inflates far less), and how many are
 * over the 400 KB / 120 ms targets. `npm run bench` (bench/run.ts) uses the same functions.
 *
 * Environment: BUNDLE_RUNS (module loads per handler, default 7; 0 measures sizes only),
 * BUNDLE_TOP=n (print the n largest inputs of each bundle, from esbuild's metafile, to see what
 * dominates), BUNDLE_OUT (output folder, default bench/out). Arguments filter handlers by substring.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROUTE_LIST } from '@tranche/shared/http/routes';
import { build, type Metafile } from 'esbuild';
import { addCommonPasswordsAsset } from '../cdk/lib/constructs/common-passwords-asset.mjs';
import { HANDLER_ESBUILD_OPTIONS } from '../cdk/lib/constructs/handler-bundling.js';

const ROOT = resolve(import.meta.dirname, '..');
export const SIZE_TARGET_BYTES = 400 * 1024;
export const LOAD_TARGET_MS = 120;

export interface BundleFigure {
  handler: string;
  bytes: number;
  /** Median module load of fresh processes, ms; NaN when not measured. */
  loadMs: number;
  /** Median CPU time (user + system) of the same loads: steadier than wall time on a shared machine. */
  cpuMs: number;
  metafile: Metafile;
  file: string;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** Every deployed handler: one per route, plus the ones CDK wires outside the route table. */
export const handlerNames = () => [
  ...new Set([...ROUTE_LIST.map((r) => r.handler), 'meta/not-found', 'flow/start-scenario', 'flow/open-human-step']),
];

/** Load time as a cold Lambda sees it: a fresh process importing the bundle once, start to resolved. */
export const measureLoad = (file: string, runs: number) => {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(
      process.execPath,
      [
        // As Lambda runs them (TrancheFunction sets NODE_OPTIONS): the source map is read at load.
        '--enable-source-maps',
        '--input-type=module',
        '-e',
        `const c=process.cpuUsage(),t=performance.now();await import(${JSON.stringify(file)});const u=process.cpuUsage(c);console.log(performance.now()-t,(u.user+u.system)/1000)`,
      ],
      {
        env: {
          ...process.env,
          TABLE_NAME: 'bench',
          AWS_REGION: 'us-east-1',
          AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        },
      },
    );
    const [wall, used] = out.toString().trim().split(' ').map(Number);
    times.push(wall ?? Number.NaN);
    cpu.push(used ?? Number.NaN);
  }
  return { loadMs: median(times), cpuMs: median(cpu) };
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
      ...(runs > 0 ? measureLoad(file, runs) : { loadMs: Number.NaN, cpuMs: Number.NaN }),
      metafile: result.metafile,
      file,
    });
  }
  return figures;
};

export const overTarget = (f: BundleFigure) =>
  f.bytes > SIZE_TARGET_BYTES || (!Number.isNaN(f.loadMs) && f.loadMs > LOAD_TARGET_MS);

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
  const handlers = handlerNames().filter((h) => filters.length === 0 || filters.some((s) => h.includes(s)));
  const figures = await buildBundles(handlers, runs);
  for (const f of [...figures].sort((a, b) => b.bytes - a.bytes)) {
    const load = Number.isNaN(f.loadMs) ? '' : `  load ${f.loadMs.toFixed(1)} ms (cpu ${f.cpuMs.toFixed(1)} ms)`;
    console.log(`${overTarget(f) ? 'OVER' : 'ok  '}  ${kb(f.bytes).padStart(10)}${load}  ${f.handler}`);
    if (top > 0) for (const [g, b] of topInputs(f, top)) console.log(`        ${kb(b).padStart(10)}  ${g}`);
  }
  const over = figures.filter(overTarget);
  const sizes = figures.map((f) => f.bytes);
  console.log(
    `\n${over.length} of ${figures.length} handlers over target (<= 400 KB${runs > 0 ? ', <= 120 ms median load' : ''}); ` +
      `sizes ${kb(Math.min(...sizes))} .. ${kb(Math.max(...sizes))}` +
      (runs > 0
        ? `; loads ${Math.min(...figures.map((f) => f.loadMs)).toFixed(1)} .. ${Math.max(...figures.map((f) => f.loadMs)).toFixed(1)} ms`
        : ''),
  );
}
