import { isGp, type Role } from '@tranche/shared/auth/roles';
import type { Actor } from '#lib/audit';
import { presignDownload } from '#lib/aws/s3';
import { commit, event } from '#lib/db/commit';
import { DomainError } from '#lib/errors';
import { findProject } from '../signing/projects.repo.js';
import { readSubscriptionSigning } from './signing.repo.js';
import { getSubscriptionRecord } from './subscription.repo.js';

/**
 * The subscription's sealed agreement for its investor and the team (docs/subscriptions.md "Signing
 * and countersigning"): the countersigned file once it is sealed, else the investor side's. The
 * investor is no signer of the countersignature project, so the signing module's download (signers
 * and the team) would not serve them; this one decides by the subscription. The link is audited on
 * the project like the signing download (SIGNING_FILE_DOWNLOADED).
 */
export const agreementLink = async (actor: Actor, role: Role, subscriptionId: string) => {
  const sub = await getSubscriptionRecord(actor.tenantId, subscriptionId);
  if (!sub || (!isGp(role) && sub.investorUserId !== actor.userId)) throw new DomainError('SUBSCRIPTION_NOT_EXISTS');
  for (const purpose of ['COUNTERSIGN', 'AGREEMENT'] as const) {
    const record = await readSubscriptionSigning(actor.tenantId, subscriptionId, purpose);
    if (record?.state !== 'COMPLETED') continue;
    const doc = (await findProject(actor.tenantId, record.projectId))?.documents[0];
    if (!doc?.sealed) continue;
    const fileName = `${purpose === 'COUNTERSIGN' ? 'countersigned-agreement' : 'subscription-agreement'}-${subscriptionId}.pdf`;
    const link = await presignDownload(doc.sealed.key, { fileName, contentType: 'application/pdf' });
    await commit(actor, {
      steps: [],
      events: [
        event('SIGNING_FILE_DOWNLOADED', record.projectId, {
          projectId: record.projectId,
          documentId: doc.documentId,
          sha256: doc.sealed.sha256,
        }),
      ],
      result: undefined,
    });
    return { ...link, fileName, sha256: doc.sealed.sha256, countersigned: purpose === 'COUNTERSIGN' };
  }
  throw new DomainError('signingNotSealed');
};
