import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Child processes of the local stack. Each one gets a watchdog: a tiny detached process that kills
 * the child if this process dies without cleaning up (a crash or SIGKILL), so a JVM never outlives us.
 */
const children = new Set<ChildProcess>();

export const track = (child: ChildProcess, name: string, log: (line: string) => void): ChildProcess => {
  children.add(child);
  child.on('exit', () => children.delete(child));
  const prefix = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(`[${name}] ${line}`);
  };
  child.stdout?.on('data', prefix);
  child.stderr?.on('data', prefix);
  if (child.pid) {
    const watchdog = spawn(
      process.execPath,
      [
        '-e',
        `const [p,c]=[${process.pid},${child.pid}];setInterval(()=>{try{process.kill(p,0)}catch{try{process.kill(c,'SIGKILL')}catch{}process.exit(0)}try{process.kill(c,0)}catch{process.exit(0)}},500)`,
      ],
      { stdio: 'ignore', detached: true },
    );
    watchdog.unref();
  }
  return child;
};

export const stopChild = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });

/** Last-resort synchronous cleanup on process exit. */
export const killAllSync = (): void => {
  for (const child of children) child.kill('SIGKILL');
};
