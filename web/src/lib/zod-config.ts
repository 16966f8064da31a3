import { config } from 'zod';

/**
 * zod compiles a fast path for object schemas with `new Function` when it may; under the portal's
 * Content-Security-Policy (no 'unsafe-eval': shared/src/infra/edge.ts) even its probe is reported
 * as a violation. Object schemas read this setting when they are built, so main.tsx imports this
 * module before anything that defines one.
 */
config({ jitless: true });
