import { type EventQueueTrigger, WORKERS, type WorkerDef } from '@tranche/shared/infra/workers';
import { describe, expect, it } from 'vitest';
import type { Consumer } from './consumer.js';
import { CONSUMERS } from './consumers.js';
import { JOURNEY_CONSUMERS } from './journey-consumers.js';
import { MONEY_CONSUMERS } from './money.js';

const queueWorker = (name: string) =>
  (WORKERS as readonly WorkerDef[]).find((w) => w.name === name) as WorkerDef & { trigger: EventQueueTrigger };

const listened = (consumers: readonly Consumer[]) => [...new Set(consumers.flatMap((c) => c.on))].sort();

describe.each([
  { worker: 'moneyEvents', handler: 'money/dispatch-money', consumers: MONEY_CONSUMERS },
  { worker: 'journeyEvents', handler: 'scenario/dispatch-journeys', consumers: JOURNEY_CONSUMERS },
])('the $worker worker', ({ worker: name, handler, consumers }) => {
  it("is handed exactly the events its consumers listen to (its queue's events are the consumers' union)", () => {
    const worker = queueWorker(name);
    expect(worker.handler).toBe(handler);
    expect([...worker.trigger.events].sort()).toEqual(listened(consumers));
  });

  it('runs none of its consumers in the shared dispatcher too (each effect has one home)', () => {
    const shared = new Set(CONSUMERS.map((c) => c.name));
    expect(consumers.map((c) => c.name).filter((n) => shared.has(n))).toEqual([]);
    // The dispatcher's side of the hand-over is there.
    expect(shared.has(`queue:${name}`)).toBe(true);
  });
});
