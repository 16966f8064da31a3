import type { DomainEvent } from '@tranche/shared/events/catalogue';
import type { SignerRole } from '@tranche/shared/subscription/subscription.schema';
import { clock } from '#lib/clock';
import { getSubscriptionRecord } from '../subscription/subscription.repo.js';
import { recordSignature } from '../subscription/subscription.service.js';
import type { Consumer } from './consumer.js';

/** Who completed a sign node: the scenario's node party, and the person for a co-holder or signatory. */
const ROLE_OF_PARTY: Record<string, SignerRole> = {
  INVESTOR: 'HOLDER',
  JOINT_HOLDER: 'CO_HOLDER',
  SIGNATORY: 'SIGNATORY',
};

/**
 * A scenario's sign node completed (issue 13): until sign nodes create e-signature projects, the
 * party's confirmation of the documents in the journey is their signature, recorded on the
 * subscription so the NIGO check counts it (docs/subscriptions.md "Server"). The investor signs as
 * the holder; a co-holder or signatory is named by `personId` in the event (the scenario's temp-token
 * link knows who); without it nothing is recorded for them, and the check keeps refusing.
 */
export const subscriptionSignatures: Consumer = {
  name: 'subscriptionSignatures',
  on: ['SCENARIO_NODE_COMPLETED'],
  effect: async (e: DomainEvent, once) => {
    const p = e.payload as { kind?: string; party?: string; personId?: string };
    if (p.kind !== 'SIGN') return;
    const role = ROLE_OF_PARTY[p.party ?? 'INVESTOR'];
    if (!role) return;
    const sub = await getSubscriptionRecord(e.tenantId, e.subject.id);
    if (!sub) return;
    const signerId = role === 'HOLDER' ? sub.investorUserId : p.personId;
    if (!signerId) return;
    await once(`${role}#${signerId}`, async () => {
      await recordSignature(
        { tenantId: e.tenantId, userId: 'SYSTEM', requestId: e.requestId, at: clock.nowIso() },
        sub.subscriptionId,
        { signerId, role },
      );
    });
  },
};
