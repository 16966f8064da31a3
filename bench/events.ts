import { POLL_MS } from '../local/events.js';
import type { StackInfo } from '../test/support/stack-info.js';
import { percentile } from './stats.js';

/**
 * The event path: the time from a committed change (the event's `at`, written in the change's own
 * transaction) to its consumer's effect (the lock alert reaching the local mail stand-in), over
 * SAMPLES changes spaced apart so each is its own batch. Beside it: the local poller's interval,
 * the floor under any delivery. Target: p99 <= 2 s locally.
 */
const SAMPLES = Number(process.env.BENCH_EVENTS ?? 30);

interface OutboxMessage {
  to: string[];
  subject: string;
  time: string;
}

export const benchEvents = async (info: StackInfo, row: (...cells: string[]) => void) => {
  Object.assign(process.env, info.env);
  const { commit, event } = await import('../functions/src/_lib/db/commit.js');
  const tenant = info.tenants[0]!;
  const investor = tenant.users.find((u) => u.role === 'LP')!;
  const outbox = async () => (await (await fetch(`${info.url}/_local/outbox`)).json()) as OutboxMessage[];
  const latencies: number[] = [];
  // The first event starts the dispatcher's process (a cold start, as a Lambda's): not measured.
  for (let i = -1; i < SAMPLES; i++) {
    const before = (await outbox()).length;
    const at = new Date().toISOString();
    await commit(
      { tenantId: tenant.tenantId, userId: 'bench', requestId: `bench-${i}`, at },
      { steps: [], events: [event('USER_LOCKED', investor.userId, { from: 'REGISTERED' })], result: undefined },
    );
    for (let waited = 0; ; waited += 10) {
      const messages = await outbox();
      // Newest first: the messages sent since the commit are the first ones.
      const alert = messages.slice(0, messages.length - before).find((m) => m.to.includes(investor.email));
      if (alert) {
        if (i >= 0) latencies.push(Date.parse(alert.time) - Date.parse(at));
        break;
      }
      if (waited > 30_000) throw new Error('No lock alert within 30 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  row(
    `event path: commit -> consumer effect p50 / p99 (${SAMPLES} events)`,
    `${p50.toFixed(0)} ms / ${p99.toFixed(0)} ms`,
    `stream poll interval ${POLL_MS} ms`,
    'p99 <= 2000 ms',
    p99 <= 2000 ? 'ok' : 'OVER TARGET',
  );
};
