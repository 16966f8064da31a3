/**
 * `npm run bench`: the performance figures of the foundation, each beside its baseline and target.
 *  (a) latency and throughput of two routes through the local gateway under load, beside the bare
 *      DynamoDB Local call each route makes, under the same concurrency and duration;
 *  (b) catalogue search over 2,000 products of one tenant through the gateway, beside the storage
 *      calls it makes (bench/catalogue.ts);
 *  (c) each Lambda bundle's minified size and its cold module-load time (median of fresh processes;
 *      bench/bundles.ts, also runnable alone);
 *  (d) the web app's initial JavaScript, gzipped;
 *  (e) the event path: from a committed change to its consumer's effect, beside the stream poll
 *      interval (bench/events.ts).
 *  (f) screening one name against a 20,000-entry sanctions list (bench/screening.ts).
 *  (g) completing and sealing a signed 20-page PDF, beside pdf-lib's load+save (bench/signing.ts).
 *  (h) money: an investor dashboard's computation and a 5,000-investor capital call (bench/money.ts),
 *      and both through the local gateway's routes (bench/money-routes.ts).
 *  (i) a scenario journey through the gateway: each step submitted and the next one fetched
 *      (bench/scenario-journey.ts).
 * Figures are printed, never asserted: these machines are noisy. BENCH_ONLY=stack|inbox|events|journey|bundles|web|screening|signing|money|scenario|lighthouse (comma
 * separated) runs some sections only.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import autocannon from 'autocannon';
import { keys } from '../functions/src/_lib/db/keys.js';
import { summaryProjection } from '../functions/src/product/product.items.js';
import type { StackInfo } from '../test/support/stack-info.js';
import { buildBundles, handlerNames, overTarget } from './bundles.js';
import { benchCatalogue } from './catalogue.js';
import { benchEvents } from './events.js';
import { benchInbox } from './inbox.js';
import { benchMoney } from './money.js';
import { benchMoneyRoutes } from './money-routes.js';
import { benchScenario } from './scenario.js';
import { benchScenarioJourney } from './scenario-journey.js';
import { benchScreening } from './screening.js';
import { benchSigning } from './signing.js';
import { ms, percentile } from './stats.js';

const ROOT = resolve(import.meta.dirname, '..');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);

// BENCH_ONLY=stack,events,bundles,web picks sections (all by default).
const only = process.env.BENCH_ONLY?.split(',');
const wanted = (section: string) => !only || only.includes(section);

const rows: string[][] = [];
const row = (...cells: string[]) => rows.push(cells);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET');

const startStack = async () => {
  const infoFile = join(tmpdir(), `tranche-bench-${process.pid}.json`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      LOCAL_STACK_INFO: infoFile,
      LOCAL_STACK_QUIET: 'true',
      POWERTOOLS_LOG_LEVEL: 'WARN',
    },
    stdio: 'ignore',
  });
  const started = Date.now();
  while (!existsSync(infoFile)) {
    if (child.exitCode !== null || Date.now() - started > 150_000) throw new Error('The local stack did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as StackInfo;
  rmSync(infoFile);
  return { info, stop: () => child.kill('SIGTERM') };
};

/** The bare storage call, from this process, with the same concurrency and duration as the load. */
const bare = async (call: () => Promise<unknown>) => {
  const latencies: number[] = [];
  const until = Date.now() + DURATION_S * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const t = performance.now();
      await call();
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: latencies.length / DURATION_S };
};

const load = async (url: string) => {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx) throw new Error(`${url} answered ${result.non2xx} non-2xx responses`);
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
};

const benchRoutes = async (info: StackInfo, doc: DynamoDBDocumentClient) => {
  const tenant = info.tenants[0]!;
  const table = info.env.TABLE_NAME!;
  const cases = [
    {
      name: 'GET /api/invest/client/get-tenant-info',
      url: `${info.url}/api/invest/client/get-tenant-info`,
      storage: () => doc.send(new GetCommand({ TableName: table, Key: keys.tenant(tenant.tenantId) })),
      storageName: 'GetItem tenant',
    },
    {
      name: 'GET /api/product/v2.0/assets',
      url: `${info.url}/api/product/v2.0/assets`,
      // What the handler reads: the catalogue shards, then the page's products.
      storage: async () => {
        await doc.send(
          new QueryCommand({
            TableName: table,
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': keys.cataloguePk(tenant.tenantId) },
            ProjectionExpression: '#data',
            ExpressionAttributeNames: { '#data': 'data' },
          }),
        );
        await doc.send(
          new BatchGetCommand({
            RequestItems: {
              [table]: {
                Keys: tenant.productIds.map((id) => keys.product(tenant.tenantId, id)),
                ...summaryProjection(),
              },
            },
          }),
        );
      },
      storageName: 'Query shards + BatchGet',
    },
  ];
  for (const c of cases) {
    await load(c.url); // warm-up: handler modules load, caches fill
    const baseline = await bare(c.storage);
    const gateway = await load(c.url);
    const ratio = gateway.p50 / baseline.p50;
    row(
      `${c.name} p50 / p99`,
      `${ms(gateway.p50)} / ${ms(gateway.p99)}`,
      `${c.storageName}: ${ms(baseline.p50)} / ${ms(baseline.p99)}`,
      `p50 ratio ${ratio.toFixed(2)}x <= 1.5x`,
      verdict(ratio <= 1.5),
    );
    row(`${c.name} throughput`, `${gateway.rps.toFixed(0)} req/s`, `${baseline.rps.toFixed(0)} calls/s`, '-', '-');
  }
};

const benchStack = async () => {
  const { info, stop } = await startStack();
  try {
    const doc = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: info.env.AWS_ENDPOINT_URL_DYNAMODB,
        region: 'us-east-1',
        credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' },
      }),
    );
    if (wanted('stack')) {
      await benchRoutes(info, doc);
      await benchCatalogue(info, doc, row);
    }
    // BENCH_ONLY=inbox: the inbox of an investor with 5,000 messages (bench/inbox.ts).
    if (wanted('stack') || wanted('inbox')) await benchInbox(info, doc, row);
    if (wanted('events')) await benchEvents(info, row);
    // BENCH_ONLY=money: the investor dashboard (50 investments) and a 5,000-investor call through the
    // gateway (bench/money-routes.ts); the compute-only figures follow below.
    if (wanted('stack') || wanted('money')) await benchMoneyRoutes(info, doc, row);
    // BENCH_ONLY=journey: a 200-node scenario walked step by step through the gateway.
    if (wanted('journey')) await benchScenarioJourney(info, doc, row);
  } finally {
    stop();
  }
};

const benchBundles = async () => {
  for (const f of await buildBundles(handlerNames(), 7)) {
    row(
      `bundle ${f.handler}`,
      // Judged on the main thread's CPU time of the load; the rest beside it (bench/bundles.ts).
      `${kb(f.bytes)}, load cpu ${ms(f.cpuMs)} (process ${ms(f.processCpuMs)}, wall ${ms(f.loadMs)} at load ${f.loadAverage.toFixed(1)})`,
      '-',
      '<= 400 KB, <= 120 ms cpu',
      verdict(!overTarget(f)),
    );
  }
};

const benchWeb = () => {
  const dist = resolve(ROOT, 'web/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const gz = [...new Set(files)].reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f))).length, 0);
  row('web initial JS (gzipped)', kb(gz), `${files.length} file(s)`, '<= 170 KB', verdict(gz <= 170 * 1024));
};

console.log(
  `Bench: ${CONNECTIONS} connections, ${DURATION_S} s per load, on ${process.platform} ${process.arch}, node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}\n`,
);
if (wanted('stack') || wanted('events') || wanted('inbox') || wanted('journey') || wanted('money')) await benchStack();
if (wanted('bundles')) await benchBundles();
if (wanted('web')) benchWeb();
// BENCH_ONLY=signing: completing and sealing a 20-page, two-signer PDF (bench/signing.ts); no stack needed.
if (wanted('signing')) await benchSigning(row);
// BENCH_ONLY=money: an investor dashboard and a 5,000-investor call allocation (bench/money.ts); no stack needed.
if (wanted('money')) benchMoney(row);
// BENCH_ONLY=screening: one name against a 20,000-entry sanctions list (bench/screening.ts); no stack needed.
if (wanted('screening')) benchScreening(row);
// BENCH_ONLY=scenario: validating and compiling a 100-node scenario (bench/scenario.ts); no stack needed.
if (wanted('scenario')) benchScenario(row);
// BENCH_ONLY=lighthouse: LCP, CLS and TBT of the landing and a fund page, mobile profile, judged
// against issue 9's budgets here, where nothing else runs (test/perf/lighthouse.ts prints its table).
if (wanted('lighthouse')) {
  const code = await new Promise<number | null>((done) =>
    spawn(process.execPath, ['--import', 'tsx', 'test/perf/lighthouse.ts'], {
      stdio: 'inherit',
      // Five runs a page, each figure their median: one run's TBT moves by hundreds of milliseconds.
      env: { ...process.env, LIGHTHOUSE_RUNS: process.env.LIGHTHOUSE_RUNS ?? '5' },
    }).on('exit', done),
  );
  const within = code === 0;
  row(
    'Lighthouse, mobile (table above)',
    within ? 'within' : 'over',
    '',
    'LCP, CLS, TBT budgets',
    within ? 'ok' : 'OVER',
  );
}

const header = ['figure', 'measured', 'baseline', 'target', 'verdict'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(r));
