import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ScheduleTrigger, WORKERS, type WorkerDef } from '@tranche/shared/infra/workers';

/**
 * The local stand-in for EventBridge schedules: each `schedule` worker of WORKERS runs in this
 * process at the times its expression names (`rate(n unit)`, or a daily/hourly `cron(M H * * ? *)`),
 * and on demand: POST /_local/schedules/<name>/run (local/gateway.ts) runs it now and answers what
 * it returned, which is how the tests trigger the inbox's daily job.
 */

const FUNCTIONS_DIR = resolve(import.meta.dirname, '../functions/src');

const isScheduled = (w: WorkerDef): w is WorkerDef & { trigger: ScheduleTrigger } => w.trigger.kind === 'schedule';
export const SCHEDULED = (WORKERS as readonly WorkerDef[]).filter(isScheduled);

const UNIT_MS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** The next run after `now`, or undefined for an expression the local stand-in does not read. */
export const nextRun = (expression: string, now: Date): Date | undefined => {
  const rate = /^rate\((\d+) (minute|hour|day)s?\)$/.exec(expression);
  if (rate) return new Date(now.getTime() + Number(rate[1]) * (UNIT_MS[rate[2] as string] as number));
  const cron = /^cron\((\d+) (\d+|\*) \* \* \? \*\)$/.exec(expression);
  if (!cron) return undefined;
  const minute = Number(cron[1]);
  const next = new Date(now);
  next.setUTCSeconds(0, 0);
  next.setUTCMinutes(minute);
  if (cron[2] === '*') {
    if (next <= now) next.setUTCHours(next.getUTCHours() + 1);
    return next;
  }
  next.setUTCHours(Number(cron[2]));
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
};

export interface LocalSchedules {
  /** Runs the named worker now; undefined when there is no such scheduled worker. */
  run(name: string): Promise<unknown> | undefined;
  stop(): void;
}

export const startSchedules = (
  log: (line: string) => void = () => undefined,
  /**
   * Off in the test stacks: their tests run each job when they mean to, and a job the clock fired in
   * the middle of a test (the daily dealing run at 05:00 UTC) would act on that test's records.
   */
  { timers: onTimers = true }: { timers?: boolean } = {},
): LocalSchedules => {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const invoke = async (worker: WorkerDef) => {
    const { handler } = await import(pathToFileURL(resolve(FUNCTIONS_DIR, `${worker.handler}.ts`)).href);
    return handler({ source: 'aws.events', 'detail-type': 'Scheduled Event', time: new Date().toISOString() });
  };
  const plan = (worker: WorkerDef & { trigger: ScheduleTrigger }) => {
    if (stopped) return;
    const at = nextRun(worker.trigger.expression, new Date());
    if (!at) {
      log(`[schedules] ${worker.name}: ${worker.trigger.expression} is not run locally (run it at /_local/schedules)`);
      return;
    }
    // setTimeout holds at most ~24.8 days; a daily or hourly job is well within.
    const timer = setTimeout(() => {
      timers.delete(timer);
      invoke(worker)
        .then(() => log(`[schedules] ${worker.name} ran`))
        .catch((error: unknown) => log(`[schedules] ${worker.name} failed: ${String(error)}`))
        .finally(() => plan(worker));
    }, at.getTime() - Date.now());
    timer.unref();
    timers.add(timer);
  };
  if (onTimers) for (const worker of SCHEDULED) plan(worker);
  return {
    run: (name) => {
      const worker = SCHEDULED.find((w) => w.name === name);
      return worker ? invoke(worker) : undefined;
    },
    stop: () => {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
};
