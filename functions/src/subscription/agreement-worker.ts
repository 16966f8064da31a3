import type { DomainEvent } from '@tranche/shared/events/catalogue';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import type { Consumer } from '../events/consumer.js';
import { prepareAgreement, prepareCountersign } from './agreement-signing.js';

/**
 * The subscription's signing work that needs pdf-lib (docs/subscriptions.md "Signing and
 * countersigning"), run by the signing worker (functions/src/signing/signing-worker.ts), which already
 * carries it: the agreement's project when a journey reaches a SIGN node, the countersignature's when
 * an admin countersigns.
 */
const systemActor = (e: DomainEvent): Actor => ({
  tenantId: e.tenantId,
  userId: 'SYSTEM',
  requestId: e.requestId,
  at: clock.nowIso(),
});

export const SUBSCRIPTION_SIGNING_WORKER_CONSUMERS: readonly Consumer[] = [
  {
    name: 'subscriptionAgreement',
    on: ['SCENARIO_NODE_OPENED'],
    // Idempotent by the record it writes first (agreement-signing.ts): a retry finds the project.
    effect: async (e, once) => {
      const p = e.payload as { kind?: string; nodeId?: string; journeyId?: string };
      if (p.kind !== 'SIGN' || !p.nodeId || !p.journeyId) return;
      await once(`${p.journeyId}:${p.nodeId}`, () =>
        prepareAgreement(systemActor(e), e.subject.id, {
          journeyId: p.journeyId as string,
          nodeId: p.nodeId as string,
        }),
      );
    },
  },
  {
    name: 'subscriptionCountersign',
    on: ['SUBSCRIPTION_COUNTERSIGN_REQUESTED'],
    effect: async (e, once) => {
      await once(String(e.payload.projectId), () => prepareCountersign(systemActor(e), e.subject.id));
    },
  },
];
