import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { StackInfo } from '../support/stack-info.js';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
    /** The screening list file the stack screens against (a copy of the sample): the rescreen test changes it. */
    screeningListPath: string;
  }
}

/**
 * Starts the local stack once for the integration project, as `npm start` does but on free ports
 * (two runs never collide), and stops it afterwards: every process it started goes with it.
 */
export default async function setup(project: TestProject) {
  const root = resolve(import.meta.dirname, '../..');
  const infoFile = join(tmpdir(), `tranche-stack-${process.pid}-${Date.now()}.json`);
  // A copy of the shipped sample list, so a test can change the list the stack screens against.
  const screeningList = join(tmpdir(), `tranche-screening-${process.pid}-${Date.now()}.csv`);
  copyFileSync(resolve(root, 'functions/src/screening/sample/targets.simple.csv'), screeningList);
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      LOCAL_STACK_INFO: infoFile,
      LOCAL_STACK_QUIET: 'true',
      VALIDATE_RESPONSES: 'true',
      LOCAL_SCHEDULE_TIMERS: 'off',
      SCREENING_LIST_PATH: screeningList,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
    if (process.env.DEBUG) process.stderr.write(d);
  });
  const started = Date.now();
  while (!existsSync(infoFile)) {
    if (child.exitCode !== null) throw new Error(`The local stack exited (${child.exitCode}):\n${output}`);
    if (Date.now() - started > 150_000) {
      child.kill('SIGKILL');
      throw new Error(`The local stack did not start in 150 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as StackInfo;
  rmSync(infoFile, { force: true });
  project.provide('stack', info);
  project.provide('screeningListPath', screeningList);

  return async () => {
    rmSync(screeningList, { force: true });
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
}
