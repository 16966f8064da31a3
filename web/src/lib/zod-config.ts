/**
 * zod compiles a fast path for object schemas with `new Function` when it may; under the portal's
 * Content-Security-Policy (no 'unsafe-eval': shared/src/infra/edge.ts) even its probe is reported
 * as a violation. zod keeps its configuration in `globalThis.__zod_globalConfig` (so that copies of
 * zod share it) and adopts one that exists when it loads: setting it here, first thing in main.tsx,
 * configures every schema without putting zod itself in the first download (the initial JS budget).
 * zod-config.test.ts checks that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
