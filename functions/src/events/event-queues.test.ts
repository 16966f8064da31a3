import { type EventQueueTrigger, WORKERS, type WorkerDef } from '@tranche/shared/infra/workers';
import { describe, expect, it } from 'vitest';
import type { Consumer } from './consumer.js';
import { CONSUMERS } from './consumers.js';
import { MONEY_CONSUMERS } from './money.js';

const queueWorker = (name: string) =>
  (WORKERS as readonly WorkerDef[]).find((w) => w.name === name) as WorkerDef & { trigger: EventQueueTrigger };

const listened = (consumers: readonly Consumer[]) => [...new Set(consumers.flatMap((c) => c.on))].sort();

describe('the money worker', () => {
  it("is handed exactly the events its consumers listen to (its queue's events are the consumers' union)", () => {
    const worker = queueWorker('moneyEvents');
    expect(worker.handler).toBe('money/dispatch-money');
    expect([...worker.trigger.events].sort()).toEqual(listened(MONEY_CONSUMERS));
  });

  it('runs no money consumer in the shared dispatcher too (each effect has one home)', () => {
    const shared = new Set(CONSUMERS.map((c) => c.name));
    expect(MONEY_CONSUMERS.map((c) => c.name).filter((n) => shared.has(n))).toEqual([]);
    // The dispatcher's side of the hand-over is there.
    expect(shared.has('queue:moneyEvents')).toBe(true);
  });
});
