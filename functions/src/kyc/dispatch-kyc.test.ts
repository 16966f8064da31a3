import type { EventQueueTrigger, WorkerDef } from '@tranche/shared/infra/workers';
import { WORKERS } from '@tranche/shared/infra/workers';
import { describe, expect, it } from 'vitest';
import { KYC_CONSUMERS } from '../events/kyc.js';

describe('the KYC worker', () => {
  it("is handed exactly the events its consumers listen to (its queue's events are the consumers' union)", () => {
    const worker = (WORKERS as readonly WorkerDef[]).find((w) => w.name === 'kycEvents') as WorkerDef & {
      trigger: EventQueueTrigger;
    };
    expect(worker.handler).toBe('kyc/dispatch-kyc');
    const listened = [...new Set(KYC_CONSUMERS.flatMap((c) => c.on))].sort();
    expect([...worker.trigger.events].sort()).toEqual(listened);
  });
});
