/**
 * `npm test`: every check, in order of cost. Lint and type checks, the web build, then one Vitest
 * run (unit, web, integration against the local stand-ins, CDK assertions), then the browser
 * end-to-end tests in Chromium. Ends with one plain line: `N passed, N failed`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../local/ports.js';

const out = mkdtempSync(join(tmpdir(), 'tranche-test-'));
let passed = 0;
let failed = 0;
const failures: string[] = [];

const step = (name: string, command: string, args: string[], env: Record<string, string> = {}) => {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failures.push(name);
  return ok;
};

const countVitest = (file: string) => {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
};

const countPlaywright = (file: string) => {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
};

const only = process.argv.slice(2);
const wants = (name: string) => only.length === 0 || only.includes(name);

if (wants('lint')) step('lint and format (Biome)', 'npx', ['biome', 'ci', '.']);
if (wants('types')) {
  step('type check (server, shared, CDK, tests)', 'npx', ['tsc', '-p', 'tsconfig.json']);
  step('type check (web)', 'npx', ['tsc', '-p', 'web/tsconfig.json']);
}
if (wants('build')) {
  step('web build', 'npm', ['run', 'build', '-w', 'web']);
  step('web initial JS budget (170 KB gzipped)', 'node', ['web/scripts/initial-js-size.mjs']);
}
if (wants('vitest')) {
  const report = join(out, 'vitest.json');
  step('unit, web, integration and CDK tests (Vitest)', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  countVitest(report);
}
if (wants('e2e')) {
  const report = join(out, 'playwright.json');
  const port = await freePort();
  step('browser end-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    E2E_PORT: String(port),
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  countPlaywright(report);
}

console.log(failures.length ? `\nFailed steps: ${failures.join(', ')}` : '\nAll steps passed.');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
