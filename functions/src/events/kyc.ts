import type { DomainEvent } from '@tranche/shared/events/catalogue';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import { commit, type EventDraft, event } from '#lib/db/commit';
import { logger } from '#lib/logger';
import { casesInStatus } from '../kyc/kyc.repo.js';
import { documentAdded } from '../kyc/kyc.service.js';
import { rescreenApproved, screenSubmission } from '../kyc/kyc-screening.js';
import type { Consumer } from './consumer.js';

/**
 * The KYC review's consumers (docs/profiles.md "KYC review"). Each commits its change through
 * `commit` inside `once`, and each change is also guarded by the state it reads (the case's
 * sourceEventId, the open-case claim, the case status), so the rare replay after a crash between the
 * commit and the mark changes nothing either.
 */

/** The system acting for an event: its tenant and request, at the time it is handled. */
const systemActor = (e: DomainEvent): Actor => ({
  tenantId: e.tenantId,
  userId: 'SYSTEM',
  requestId: e.requestId,
  at: clock.nowIso(),
});

/** A submitted profile is screened, identity-checked and rated, and its case opened (or screened again). */
export const kycScreening: Consumer = {
  name: 'kycScreening',
  on: ['PROFILE_SUBMITTED'],
  effect: async (e, once) => {
    const { profileId } = e.payload as { profileId: string };
    await once('', async () => {
      const outcome = await screenSubmission(systemActor(e), profileId, e.eventId);
      logger.info('profile screened', { profileId, outcome });
    });
  },
};

/** A document added to a profile whose case waits for documents moves the case and closes the task. */
export const kycDocuments: Consumer = {
  name: 'kycDocuments',
  on: ['PROFILE_DOCUMENT_ADDED'],
  effect: async (e, once) => {
    const { profileId, documentId, kind } = e.payload as { profileId: string; documentId: string; kind: string };
    await once('', async () => {
      await documentAdded(systemActor(e), { profileId, documentId, kind });
    });
  },
};

/** Events one fan-out commit carries (two items each, well inside one transaction's 100). */
const FAN_OUT_BATCH = 40;

/**
 * The list changed: one KYC_RESCREEN_REQUESTED per approved profile of the tenant, so each profile is
 * screened in its own delivery (a tenant with thousands of approved profiles does not have to fit in
 * one invocation, and one failure retries one profile). A profile approved several times is asked
 * once, for its newest approved case; cases already screened against this list version are skipped.
 */
export const kycListChanged: Consumer = {
  name: 'kycListChanged',
  on: ['SCREENING_LIST_CHANGED'],
  effect: async (e, once) => {
    const { listVersion } = e.payload as { listVersion: string };
    const newest = new Map<string, { caseId: string; openedAt: string; listVersion: string }>();
    for (const c of await casesInStatus(e.tenantId, 'APPROVED')) {
      const seen = newest.get(c.profileId);
      if (!seen || seen.openedAt < c.openedAt) newest.set(c.profileId, c);
    }
    const drafts: EventDraft[] = [...newest.entries()]
      .filter(([, c]) => c.listVersion !== listVersion)
      .map(([profileId, c]) =>
        event('KYC_RESCREEN_REQUESTED', profileId, { profileId, approvedCaseId: c.caseId, listVersion }),
      );
    for (let i = 0; i < drafts.length; i += FAN_OUT_BATCH) {
      // Each batch once: a redelivery after a crash sends only the batches not yet sent.
      await once(String(i / FAN_OUT_BATCH), () =>
        commit(systemActor(e), { steps: [], events: drafts.slice(i, i + FAN_OUT_BATCH), result: undefined }),
      );
    }
    logger.info('rescreen requested', { tenantId: e.tenantId, profiles: drafts.length, listVersion });
  },
};

/** One approved profile against the new list: a new match flags it and opens a case. */
export const kycRescreen: Consumer = {
  name: 'kycRescreen',
  on: ['KYC_RESCREEN_REQUESTED'],
  effect: async (e, once) => {
    const { profileId, approvedCaseId } = e.payload as { profileId: string; approvedCaseId: string };
    await once('', async () => {
      const outcome = await rescreenApproved(systemActor(e), profileId, approvedCaseId, e.eventId);
      logger.info('approved profile rescreened', { profileId, outcome });
    });
  },
};

export const KYC_CONSUMERS: readonly Consumer[] = [kycScreening, kycDocuments, kycListChanged, kycRescreen];
