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
 * A scenario's sign node completed (issue 13): each signer its e-signature project names (`signers`,
 * scenario/sign-node.ts) is recorded on the subscription with their role, so the NIGO check counts
 * them (docs/subscriptions.md "Signing and countersigning"). The investor signs as the holder; a
 * co-holder or signatory by their `personId`. A node a party confirmed through their temp-token link
 * names that one party (`party`, `personId`).
 */
export const subscriptionSignatures: Consumer = {
  name: 'subscriptionSignatures',
  on: ['SCENARIO_NODE_COMPLETED'],
  effect: async (e: DomainEvent, once) => {
    const p = e.payload as {
      kind?: string;
      party?: string;
      personId?: string;
      signers?: { party: string; personId?: string }[];
    };
    if (p.kind !== 'SIGN') return;
    const sub = await getSubscriptionRecord(e.tenantId, e.subject.id);
    if (!sub) return;
    // A node completed by its e-signature project names every signer (scenario/sign-node.ts); one
    // completed through a link, its one party.
    const parties = p.signers ?? [{ party: p.party ?? 'INVESTOR', ...(p.personId ? { personId: p.personId } : {}) }];
    for (const party of parties) {
      const role = ROLE_OF_PARTY[party.party];
      const signerId = role === 'HOLDER' ? sub.investorUserId : party.personId;
      if (!role || !signerId) continue;
      await once(`${role}#${signerId}`, async () => {
        await recordSignature(
          { tenantId: e.tenantId, userId: 'SYSTEM', requestId: e.requestId, at: clock.nowIso() },
          sub.subscriptionId,
          { signerId, role },
        );
      });
    }
  },
};
