import { configDefaults, defineConfig } from 'vitest/config';
import { FuzzLastSequencer } from './test/integration/sequencer.js';

/**
 * Four projects: `unit` (pure code, no network), `web` (React components in happy-dom),
 * `integration` (real handlers against the local AWS stand-ins, started once by the global setup on
 * free ports; its files run one at a time, as they share the seeded tenants and the per-IP throttle
 * counters) and `cdk` (assertions on the synthesized templates). `npm test` runs integration, cdk and
 * the rest as three Vitest runs side by side (scripts/test.ts; docs/decisions.md, "Test time").
 */
const UNIT_TESTS = ['shared/src/**/*.test.ts', 'functions/src/**/*.test.ts', 'local/**/*.test.ts'];
/**
 * Unit files that need modules of their own, run isolated: what a cold start builds at import
 * (lazy-zod), and every file that stubs the environment or mocks a module (AWS credentials and
 * endpoints read once by a shared module would keep another file's; a mock cannot replace a module
 * that an earlier file already loaded into the shared graph). A new unit file that stubs or mocks
 * belongs here, as does one that starts child processes and times their work (event-queues).
 */
const FRESH_MODULE_TESTS = [
  'shared/src/lazy-zod.test.ts',
  'functions/src/_lib/aws/s3.test.ts',
  'functions/src/_lib/aws/s3.wire.test.ts',
  'functions/src/_lib/aws/signed-request.test.ts',
  'functions/src/_lib/db/commands.test.ts',
  'functions/src/_lib/http-api-origin.test.ts',
  'functions/src/_lib/logger.test.ts',
  'functions/src/_lib/portal-url.test.ts',
  'functions/src/events/money-notices.test.ts',
  'functions/src/money/call.records.test.ts',
  'functions/src/screening/list-source.test.ts',
  'local/event-queues.test.ts',
];

export default defineConfig({
  test: {
    // A root option (Vitest ignores it inside a project): only the integration files' order changes.
    sequence: { sequencer: FuzzLastSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT_TESTS,
          exclude: [...configDefaults.exclude, ...FRESH_MODULE_TESTS],
          // Pure code: the files share one module graph per worker instead of importing it afresh
          // (~50 s of the unit project's ~75 s). The few that need fresh modules run in `unit-fresh`.
          isolate: false,
        },
      },
      {
        test: { name: 'unit-fresh', include: FRESH_MODULE_TESTS },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          setupFiles: ['test/integration/setup-file.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One process runs the files one after another, sharing what it loaded (the handlers' and the
          // support modules): each file importing them afresh was ~100 s of a full run. No file mocks a
          // module or changes the process's environment (docs/decisions.md, "Test time").
          isolate: false,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'cdk',
          include: ['cdk/test/**/*.test.ts'],
          // A temp dir for the run's apps, removed at its end.
          globalSetup: ['cdk/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One process runs the files one after another, sharing what it loaded: the CDK modules
          // (imported once, not once a file) and the default app, synthesized once for every file
          // that only reads it (cdk/test/synth.ts `defaultTestApp`). A synthesis of the 275
          // functions is ~12 s of CPU; each file made its own (docs/decisions.md, "CDK test time").
          isolate: false,
          fileParallelism: false,
        },
      },
    ],
  },
});
