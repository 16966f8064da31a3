import type { Role } from '@tranche/shared/auth/roles';
import type { DomainEvent } from '@tranche/shared/events/catalogue';
import type { SignerRole } from '@tranche/shared/subscription/subscription.schema';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { commit } from '#lib/db/commit';
import { completeSignNode } from '../scenario/sign-node.js';
import { findProject } from '../signing/projects.repo.js';
import {
  putSubscriptionSigning,
  readSubscriptionSigning,
  type SigningPurpose,
  type SubscriptionSigningRecord,
  type SubscriptionSigningState,
} from '../subscription/signing.repo.js';
import { getSubscriptionRecord } from '../subscription/subscription.repo.js';
import { applySubscriptionEvent, completeCountersign } from '../subscription/subscription.service.js';
import type { Consumer } from './consumer.js';

/**
 * A subscription's e-signature projects move the subscription on (issue 13; docs/subscriptions.md
 * "Signing and countersigning"):
 * - a signer of the agreement signed: SIGN -> SIGNING, with their signature recorded;
 * - the agreement completed: its SIGN node completes naming every signer (the NIGO signer check then
 *   passes), SIGN/SIGNING -> SIGNED;
 * - the countersignature completed: APPROVED -> COMMITTED, as the admin who countersigned;
 * - sealed: the download is offered; declined, voided or expired: the record says so with the
 *   reason, and the runner and the case page show it (the investor goes back to sign again).
 * Each is idempotent: the record's state, the journey's current node and the statuses expected.
 */

const PURPOSE_OF_REF: Record<string, SigningPurpose> = {
  subscription: 'AGREEMENT',
  'subscription-countersign': 'COUNTERSIGN',
};

const ROLE_OF_PARTY: Record<string, SignerRole> = {
  INVESTOR: 'HOLDER',
  JOINT_HOLDER: 'CO_HOLDER',
  SIGNATORY: 'SIGNATORY',
};

const ENDED: Record<string, SubscriptionSigningState> = {
  SIGNING_PROJECT_COMPLETED: 'COMPLETED',
  SIGNING_PROJECT_DECLINED: 'DECLINED',
  SIGNING_PROJECT_VOIDED: 'VOIDED',
  SIGNING_PROJECT_EXPIRED: 'EXPIRED',
};

const systemActor = (e: DomainEvent): Actor => ({
  tenantId: e.tenantId,
  userId: 'SYSTEM',
  requestId: e.requestId,
  at: clock.nowIso(),
});

/** The subscription record of the project an event is about, when it is one of a subscription's. */
const recordOf = async (e: DomainEvent): Promise<SubscriptionSigningRecord | undefined> => {
  const projectId = String(e.payload.projectId ?? e.payload.refId ?? '');
  const bundle = projectId ? await findProject(e.tenantId, projectId) : undefined;
  const purpose = PURPOSE_OF_REF[bundle?.project.refKind ?? ''];
  const subscriptionId = bundle?.project.refId;
  if (!purpose || !subscriptionId) return undefined;
  const record = await readSubscriptionSigning(e.tenantId, subscriptionId, purpose);
  // A newer project replaced this one (the journey went back and signed again): not its business.
  return record?.projectId === projectId ? record : undefined;
};

const update = (actor: Actor, record: SubscriptionSigningRecord, set: Partial<SubscriptionSigningRecord>) =>
  commit(actor, {
    steps: [
      putSubscriptionSigning(
        actor.tenantId,
        { ...record, ...set, version: record.version + 1, updatedAt: actor.at },
        record.version,
      ),
    ],
    events: [],
    result: undefined,
  });

export const subscriptionSigning: Consumer = {
  name: 'subscriptionSigning',
  on: [
    'SIGNER_SIGNED',
    'SIGNING_PROJECT_COMPLETED',
    'SIGNING_PROJECT_SEALED',
    'SIGNING_PROJECT_DECLINED',
    'SIGNING_PROJECT_VOIDED',
    'SIGNING_PROJECT_EXPIRED',
  ],
  effect: async (e, once) => {
    const record = await recordOf(e);
    if (!record) return;
    const actor = systemActor(e);
    const id = record.subscriptionId;
    if (e.name === 'SIGNER_SIGNED') {
      if (record.purpose !== 'AGREEMENT') return;
      const signer = record.signers.find((s) => s.signerId === String(e.payload.refId));
      const role = signer ? ROLE_OF_PARTY[signer.party] : undefined;
      const sub = await getSubscriptionRecord(e.tenantId, id);
      if (!signer || !role || !sub) return;
      const signerId = role === 'HOLDER' ? sub.investorUserId : signer.personId;
      await once(`signed#${signer.signerId}`, async () => {
        await applySubscriptionEvent(
          actor,
          id,
          'SIGNER_SIGNED',
          { signerId, signerRole: role },
          { expectedStatus: 'SIGN' },
        );
      });
      return;
    }
    if (e.name === 'SIGNING_PROJECT_SEALED') {
      await once('sealed', async () => {
        if (!record.sealed) await update(actor, record, { sealed: true });
      });
      return;
    }
    const state = ENDED[e.name];
    if (!state) return;
    await once('state', async () => {
      if (record.state === 'SENT') {
        const reason = typeof e.payload.reason === 'string' ? e.payload.reason : undefined;
        await update(actor, record, { state, ...(reason ? { reason } : {}) });
      }
    });
    if (state !== 'COMPLETED') return;
    const fresh = (await readSubscriptionSigning(e.tenantId, id, record.purpose)) ?? record;
    if (record.purpose === 'AGREEMENT') {
      await once('node', async () => {
        await completeSignNode(actor, fresh);
      });
      await once('signed', async () => {
        const sub = await getSubscriptionRecord(e.tenantId, id);
        if (sub?.status === 'SIGN' || sub?.status === 'SIGNING') {
          await applySubscriptionEvent(actor, id, 'SIGNING_COMPLETED', {}, { expectedStatus: sub.status });
        }
      });
    } else if (fresh.requestedBy && fresh.requestedRole) {
      await once('countersigned', async () => {
        await completeCountersign({ ...actor, userId: fresh.requestedBy as string }, fresh.requestedRole as Role, id);
      });
    }
  },
};
