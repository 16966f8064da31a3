import type { TableStreamTrigger, WorkerDef } from '@tranche/shared/infra/workers';
import { WORKERS } from '@tranche/shared/infra/workers';
import { describe, expect, it } from 'vitest';
import { SIGNING_WORKER_CONSUMERS } from './signing-worker.js';

describe('the signing worker', () => {
  const worker = (WORKERS as readonly WorkerDef[]).find((w) => w.name === 'signingWorker') as WorkerDef;

  it("is invoked for exactly the events its consumers listen to (its filter is the consumers' union)", () => {
    expect(worker.handler).toBe('signing/signing-worker');
    const listened = [...new Set(SIGNING_WORKER_CONSUMERS.flatMap((c) => c.on))].sort();
    const trigger = worker.trigger as TableStreamTrigger | { kind: 'eventQueue'; events: readonly string[] };
    const events = trigger.kind === 'eventQueue' ? trigger.events : (trigger as TableStreamTrigger).filter.domainEvents;
    expect([...(events ?? [])].sort()).toEqual(listened);
  });

  it('may open only sealing keys, write sealed files only under retention, and touch no other key', () => {
    expect(worker.needs.secretBoxPurpose).toBe('sealing');
    const grants = worker.needs.dataRoom ?? [];
    const sealedWrites = grants.filter((g) => g.prefixes.some((p) => p.includes('/signing/sealed/')));
    // Read too: a subscription's countersignature is made over its sealed agreement (issue 13).
    expect(
      sealedWrites
        .flatMap((g) => g.actions)
        .filter((a) => a !== 's3:GetObject')
        .sort(),
    ).toEqual(['s3:PutObject', 's3:PutObjectRetention']);
    // Outside signing's own keys only reads: a fund's agreement document, for a subscription's (issue 13).
    const outside = grants.filter((g) => g.prefixes.some((p) => !p.includes('/signing/')));
    expect(outside.flatMap((g) => g.actions)).toEqual(['s3:GetObject']);
    // Only an upload may be deleted (after its check); never a kept source or a sealed file.
    const deletes = grants.filter((g) => g.actions.includes('s3:DeleteObject')).flatMap((g) => g.prefixes);
    expect(deletes).toEqual(['uploads/tenants/*/signing/*']);
  });
});
