import { isGp, type Role } from '@tranche/shared/auth/roles';
import type { SubscriptionSigningView } from '@tranche/shared/subscription/subscription.schema';
import { nextSubscriptionStatus, type SubscriptionActor } from '@tranche/shared/subscription/subscription-lifecycle';
import type { Actor } from '#lib/audit';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { findUser } from '../user/user.repo.js';
import { putSubscriptionSigning, readSubscriptionSigning, type SubscriptionSigningRecord } from './signing.repo.js';
import { getSubscriptionRecord } from './subscription.repo.js';

/**
 * Countersigning through e-signature (issue 13 deliverable 8; docs/subscriptions.md "Signing and
 * countersigning"). When the investor side signed the agreement electronically, an admin's
 * COUNTERSIGN does not move the status at once: it asks for a countersignature project over the
 * sealed agreement with that admin as its GP signer (made by the signing worker), and the status
 * moves APPROVED -> COMMITTED when that project completes. A subscription signed on paper (Add
 * manually) or before e-signature (the seed's) is countersigned directly, as before.
 */

/** Whether COUNTERSIGN goes through e-signature: the investor side's agreement project completed. */
export const countersignsElectronically = async (tenantId: string, subscriptionId: string): Promise<boolean> =>
  (await readSubscriptionSigning(tenantId, subscriptionId, 'AGREEMENT'))?.state === 'COMPLETED';

/**
 * The admin's COUNTERSIGN on the version they read: the lifecycle decides who and from where (403,
 * 409), then one commit records the countersignature project to make (its ids chosen now) and the
 * event the signing worker makes it on. Asked again while one is out: nothing new (a double click).
 */
export const requestCountersign = async (
  actor: Actor,
  role: Role,
  subscriptionId: string,
  version: number,
): Promise<void> => {
  const sub = await getSubscriptionRecord(actor.tenantId, subscriptionId);
  if (!sub || (!isGp(role) && sub.investorUserId !== actor.userId)) throw new DomainError('SUBSCRIPTION_NOT_EXISTS');
  try {
    nextSubscriptionStatus(sub.status, 'COUNTERSIGN', role as SubscriptionActor, { type: sub.type });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'FORBIDDEN') {
      throw new DomainError('subscriptionActionNotPermitted', { field: 'event', event: 'COUNTERSIGN' });
    }
    throw error;
  }
  if (version !== sub.version) throw new DomainError('VERSION_CONFLICT');
  const current = await readSubscriptionSigning(actor.tenantId, subscriptionId, 'COUNTERSIGN');
  if (current?.state === 'SENT' || current?.state === 'COMPLETED') return;
  const admin = await findUser(actor.tenantId, actor.userId);
  if (!admin) throw new DomainError('AccountNotExist');
  const name = admin.displayName || admin.email;
  const record: SubscriptionSigningRecord = {
    subscriptionId,
    purpose: 'COUNTERSIGN',
    projectId: newId(),
    fileId: newId(),
    signers: [{ signerId: 'gp', party: 'GP', userId: actor.userId, name }],
    state: 'SENT',
    requestedBy: actor.userId,
    requestedRole: role,
    createdAt: actor.at,
    updatedAt: actor.at,
    version: (current?.version ?? 0) + 1,
  };
  await commit(actor, {
    steps: [putSubscriptionSigning(actor.tenantId, record, current?.version)],
    events: [
      event('SUBSCRIPTION_COUNTERSIGN_REQUESTED', subscriptionId, {
        refId: subscriptionId,
        projectId: record.projectId,
        userIds: [actor.userId],
      }),
    ],
    result: undefined,
  });
};

/** The subscription's e-signature projects as the case page and the investor's page show them. */
export const signingViews = async (tenantId: string, subscriptionId: string): Promise<SubscriptionSigningView[]> => {
  const records = await Promise.all(
    (['AGREEMENT', 'COUNTERSIGN'] as const).map((p) => readSubscriptionSigning(tenantId, subscriptionId, p)),
  );
  const present = records.filter((r): r is SubscriptionSigningRecord => r !== undefined);
  // A project asked for is made by the signing worker a moment later: its signer page opens only then.
  const made = await Promise.all(
    present.map(async (r) => r.state !== 'SENT' || (await projectExists(tenantId, r.projectId))),
  );
  return present.map((r, i) => ({
    purpose: r.purpose,
    projectId: r.projectId,
    state: r.state,
    ready: made[i] === true,
    sealed: r.sealed === true,
    ...(r.reason ? { reason: r.reason } : {}),
    signers: r.signers.map((s) => ({
      signerId: s.signerId,
      party: s.party,
      name: s.name,
      ...(s.userId ? { userId: s.userId } : {}),
    })),
  }));
};

const projectExists = async (tenantId: string, projectId: string): Promise<boolean> =>
  (
    await db.send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.signingProject(tenantId, projectId),
        ProjectionExpression: 'PK',
      }),
    )
  ).Item !== undefined;
