/**
 * `npm start`: the whole product on this machine. Prints where to open it and how to sign in;
 * Ctrl-C stops every process it started (the DynamoDB Local JVM included).
 * With LOCAL_STACK_INFO=<file>, also writes the URL, environment and seeded ids there as JSON
 * (the integration tests start the stack this way).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ENV } from '@tranche/shared/infra/table';
import { DEMO_PASSWORD } from './seed.js';
import { startLocalStack } from './stack.js';

// The AWS SDK versions are pinned (LOCAL-AWS.md); its Node 20 end-of-support notice is known.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const quiet = process.env.LOCAL_STACK_QUIET === 'true';
const log = quiet ? () => undefined : (line: string) => console.log(line);
const started = Date.now();
const stack = await startLocalStack({
  port: Number(process.env.PORT ?? 3000),
  ...(process.env.HOST ? { host: process.env.HOST } : {}),
  log: process.env.DEBUG ? (line: string) => console.error(line) : () => undefined,
  // WEB_DIR serves another build of the web app (parallel work builds into separate folders).
  ...(process.env.WEB_DIR ? { webDir: process.env.WEB_DIR } : {}),
  // The test stacks run scheduled jobs on demand only (local/schedules.ts).
  scheduleTimers: process.env.LOCAL_SCHEDULE_TIMERS !== 'off',
});

/**
 * Where `npm run tenant:create` finds this run's platform operator key (docs/decisions.md "Platform
 * operator"): readable by this user only, gone when the stack stops. Test stacks (LOCAL_STACK_INFO)
 * hand the key to their tests in the environment instead and leave the file of a running `npm start` alone.
 */
const OPERATOR_KEY_FILE = resolve(import.meta.dirname, '../.local/operator-key');
const ownsKeyFile = !process.env.LOCAL_STACK_INFO;
if (ownsKeyFile) {
  mkdirSync(dirname(OPERATOR_KEY_FILE), { recursive: true });
  // Removed first: `mode` applies only to a file this call creates.
  rmSync(OPERATOR_KEY_FILE, { force: true });
  writeFileSync(OPERATOR_KEY_FILE, `${stack.env[ENV.operatorKey]}\n`, { mode: 0o600 });
}

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  log(`\n${signal}: stopping the local stack…`);
  await stack.stop();
  if (ownsKeyFile) rmSync(OPERATOR_KEY_FILE, { force: true });
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

if (process.env.LOCAL_STACK_INFO) {
  writeFileSync(
    process.env.LOCAL_STACK_INFO,
    JSON.stringify({ url: stack.url, env: stack.env, tenants: stack.tenants }),
  );
}

const [first, second] = stack.tenants;
log(`
Tranche is running (${((Date.now() - started) / 1000).toFixed(1)} s to start).

  ${first?.displayName}:  ${stack.url}/   (sign in: ${stack.url}/sign-in, manager console: ${stack.url}/gp)
  ${second?.displayName}:  ${stack.url}/t/${second?.prefix}/   (sign in: ${stack.url}/t/${second?.prefix}/sign-in)
  API description:  ${stack.url}/api/openapi.json
  Local mailbox:    ${stack.url}/_local/mailbox   (JSON: /_local/outbox)

Demo sign-ins (password for all: ${DEMO_PASSWORD}):
${stack.tenants
  .map((t) => `  ${t.displayName}\n${t.users.map((u) => `    ${u.role.padEnd(9)} ${u.email}`).join('\n')}`)
  .join('\n')}

State is ephemeral: every start begins empty and re-seeds. Press Ctrl-C to stop.
`);
