import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { commit } from '#lib/db/commit';
import { allTenantIds } from '#lib/db/tenant-ids';
import { DomainError } from '#lib/errors';
import { logger } from '#lib/logger';
import { readProfile } from '../profile/profile.repo.js';
import { profileDecision } from '../profile/profile-review.js';
import { type CaseRecord, casesInStatus } from './kyc.repo.js';

/**
 * The KYC approval's expiry (WORKERS `kycExpiry`, daily; POST /_local/schedules/kycExpiry/run
 * locally): a verified profile whose newest approval's `validUntil` has passed moves to EXPIRED
 * (profiles-core's EXPIRE, validation status Expired), so it is reviewed again before it is used. The
 * investor renews it by revising the profile (REVISE), which opens a new case.
 */

export interface ExpiryResult {
  expired: number;
}

/** Each profile's newest APPROVED case of a tenant. */
const newestApprovals = (cases: readonly CaseRecord[]): CaseRecord[] => {
  const newest = new Map<string, CaseRecord>();
  for (const c of cases) {
    const seen = newest.get(c.profileId);
    if (!seen || seen.openedAt < c.openedAt) newest.set(c.profileId, c);
  }
  return [...newest.values()];
};

export const expireApprovals = async (now: Date = clock.now()): Promise<ExpiryResult> => {
  let expired = 0;
  for (const tenantId of await allTenantIds()) {
    const due = newestApprovals(await casesInStatus(tenantId, 'APPROVED')).filter(
      (c) => c.validUntil !== undefined && Date.parse(c.validUntil) <= now.getTime(),
    );
    for (const c of due) {
      const actor: Actor = { tenantId, userId: 'SYSTEM', requestId: `kyc-expiry-${c.caseId}`, at: now.toISOString() };
      try {
        const moved = await commit(actor, async () => {
          const profile = await readProfile(tenantId, c.profileId);
          // Revised, flagged or already expired since: the newer state is the one that counts.
          if (profile?.state !== 'SUCCESS') return { steps: [], events: [], result: false };
          const change = await profileDecision(tenantId, c.profileId, 'EXPIRE', {
            reason: `KYC approval of case ${c.caseId} valid until ${c.validUntil}`,
            caseId: c.caseId,
            at: actor.at,
          });
          return { steps: change.steps, events: change.events, result: true };
        });
        if (moved) expired++;
      } catch (error) {
        // One profile that moved meanwhile must not stop the others: it is looked at again tomorrow.
        if (!(error instanceof DomainError)) throw error;
        logger.warn('KYC approval not expired', { tenantId, caseId: c.caseId, code: error.code });
      }
    }
  }
  logger.info('KYC approvals expired', { expired });
  return { expired };
};

export const handler = async (): Promise<ExpiryResult> => expireApprovals();
