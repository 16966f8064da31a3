/**
 * What the operator's commands (`npm run tenant:create`, `npm run backfill`) share: their command
 * line, the deployment they talk to and the operator key they send (docs/decisions.md "Platform
 * operator").
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';

export const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const COMMON = {
  api: { type: 'string', default: 'http://localhost:3000' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsOptionsConfig;

type Values<T extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ options: T & typeof COMMON; strict: true }>
>['values'];

/** The command's flags (with `--api` and `--help`), or the usage and exit on `--help` or a bad flag. */
export const parseCommand = <T extends ParseArgsOptionsConfig>(options: T, usage: string): Values<T> => {
  let values: { help?: boolean };
  try {
    values = parseArgs({ options: { ...options, ...COMMON }, strict: true }).values as { help?: boolean };
  } catch (error) {
    return fail(`${(error as Error).message}\n${usage}`);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values as Values<T>;
};

/**
 * The deployment `--api` names (the local stack by default) and its operator key: TRANCHE_OPERATOR_KEY,
 * else, against the local stack only, `.local/operator-key`, which `npm start` writes (a new key each
 * start). In a deployment it is the Secrets Manager secret the Api stack outputs as OperatorKeySecretArn.
 */
export const operatorTarget = (apiFlag: string) => {
  let api: URL;
  try {
    api = new URL(apiFlag);
  } catch {
    return fail(`--api: not a URL: ${apiFlag}`);
  }
  const isLocal = ['localhost', '127.0.0.1', '[::1]'].includes(api.hostname);
  const operatorKey = (): string => {
    const fromEnv = process.env.TRANCHE_OPERATOR_KEY?.trim();
    if (fromEnv) return fromEnv;
    if (!isLocal) return fail('Set TRANCHE_OPERATOR_KEY to the operator key of that deployment.');
    try {
      return readFileSync(resolve(import.meta.dirname, '../.local/operator-key'), 'utf8').trim();
    } catch {
      return fail('No .local/operator-key: start the local stack first (npm start), or set TRANCHE_OPERATOR_KEY.');
    }
  };
  return { api, isLocal, operatorKey };
};
